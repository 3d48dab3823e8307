import { API } from '@giot-hong/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './testing/memory-storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fake server: protected calls accept only the current access token; the refresh endpoint
 * rotates (and answers slowly, so requests pile up behind it).
 */
function fakeServer() {
  const state = {
    access: 'access-1',
    refresh: 'refresh-1',
    refreshCalls: 0,
    protectedCalls: 0,
    refreshFails: false,
    revoked: [] as string[],
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get('Authorization');
    if (url === API.authRefreshToken) {
      state.refreshCalls += 1;
      await new Promise((r) => setTimeout(r, 20));
      if (state.refreshFails || auth !== `Bearer ${state.refresh}`)
        return json(401, {
          success: false,
          message: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
          code: 'UNAUTHORIZED',
          data: null,
        });
      state.access = `access-${state.refreshCalls + 1}`;
      state.refresh = `refresh-${state.refreshCalls + 1}`;
      return json(200, {
        success: true,
        message: '',
        data: {},
        access_token: state.access,
        refresh_token: state.refresh,
      });
    }
    if (url === API.authLogout) {
      state.revoked.push(JSON.parse(String(init?.body)).refreshToken);
      return json(200, { success: true, message: '', data: { message: '' } });
    }
    state.protectedCalls += 1;
    if (auth !== `Bearer ${state.access}`)
      return json(401, {
        success: false,
        message: 'Vui lòng đăng nhập để tiếp tục',
        code: 'UNAUTHORIZED',
        data: null,
      });
    return json(200, { success: true, message: 'Thành công', data: url });
  });
  return { state, fetchMock };
}

describe('api client: one shared silent refresh (spec section 4)', () => {
  let server: ReturnType<typeof fakeServer>;
  let client: typeof import('./api-client');
  let store: typeof import('./auth-store');

  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal('localStorage', new MemoryStorage());
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    store = await import('./auth-store');
    client = await import('./api-client');
    store.authStore.login({ accessToken: 'expired-access', refreshToken: 'refresh-1' });
  });

  it('five concurrent 401s cause exactly one refresh; every request is retried once with the new token', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => client.api.get<{ data: string }>(`/api/x/${i}`)),
    );
    expect(results.map((r) => r.data)).toEqual(['/api/x/1', '/api/x/2', '/api/x/3', '/api/x/4', '/api/x/5']);
    expect(server.state.refreshCalls).toBe(1);
    // 5 first tries + 5 retries.
    expect(server.state.protectedCalls).toBe(10);
    expect(localStorage.getItem('access_token')).toBe('access-2');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(store.authStore.isLoggedIn()).toBe(true);
  });

  it('a later expiry (the server moved on) refreshes once more, once for all requests waiting then', async () => {
    await client.api.get('/api/first');
    expect(server.state.refreshCalls).toBe(1);
    server.state.access = 'rotated-elsewhere';
    const results = await Promise.all([client.api.get('/api/a'), client.api.get('/api/b')]);
    expect(results).toHaveLength(2);
    expect(server.state.refreshCalls).toBe(2);
  });

  it('a failed refresh logs out: the error reaches the caller, storage is cleared, the login is revoked', async () => {
    server.state.refreshFails = true;
    const outcomes = await Promise.allSettled([
      client.api.get('/api/a'),
      client.api.get('/api/b'),
      client.api.get('/api/c'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({
      status: 401,
      message: 'Vui lòng đăng nhập để tiếp tục',
    });
    expect(server.state.refreshCalls).toBe(1);
    expect(localStorage.length).toBe(0);
    expect(store.authStore.isLoggedIn()).toBe(false);
    await vi.waitFor(() => expect(server.state.revoked).toEqual(['refresh-1']));
  });

  it('a second 401 after the retry is passed on and ends the session', async () => {
    // The refresh works but the server still refuses (e.g. the account was disabled meanwhile).
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === API.authRefreshToken) {
        server.state.refreshCalls += 1;
        return json(200, {
          success: true,
          message: '',
          data: {},
          access_token: 'new',
          refresh_token: 'new-r',
        });
      }
      if (String(input) === API.authLogout) return json(200, {});
      void init;
      return json(401, {
        success: false,
        message: 'Vui lòng đăng nhập để tiếp tục',
        code: 'UNAUTHORIZED',
        data: null,
      });
    });
    await expect(client.api.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(server.state.refreshCalls).toBe(1);
    expect(store.authStore.isLoggedIn()).toBe(false);
  });

  it('requests sent with auth: false (login, sign-up) never trigger a refresh', async () => {
    await expect(
      client.api.post('/auth/login', { username: 'a', password: 'b' }, { auth: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(server.state.refreshCalls).toBe(0);
    expect(store.authStore.isLoggedIn()).toBe(true);
  });
});
