import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstRequest } from './first-requests';
import { MemoryStorage } from './testing/memory-storage';

/** The tests run at the real time: some take the answers through the API client, which reads it. */
const NOW = Date.now();
/** A token shaped like the server's (a JWT): only its expiry is read in the browser. */
const jwt = (exp: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: '7', exp })).toString('base64url')}.signature`;
const VALID = jwt(Math.floor(NOW / 1000) + 3600);

/** A page as the server sends it: the requests of its first data in the JSON script, or none. */
const page = (requests?: FirstRequest[]) =>
  ({
    getElementById: (id: string) =>
      requests && id === 'giot-hong-first-requests' ? { textContent: JSON.stringify(requests) } : null,
  }) as unknown as Document;

const REQUESTS: FirstRequest[] = [
  { url: '/auth/me', auth: true },
  { url: '/api/campaigns', auth: false },
  { url: '/api/users/full-info', auth: true, hashes: ['', '#thong-tin-ca-nhan'] },
  { url: '/api/appointments/history', auth: true, hashes: ['#lich-su-hien-mau'] },
];

describe("a page's first data, asked for by the entry", () => {
  let sent: { url: string; authorization: string | null }[];
  let storage: MemoryStorage;
  let module: typeof import('./first-requests');
  let client: typeof import('./api-client');

  beforeEach(async () => {
    vi.resetModules();
    sent = [];
    storage = new MemoryStorage();
    storage.setItem('access_token', VALID);
    storage.setItem('refresh_token', 'refresh-1');
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        sent.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
        return new Response(JSON.stringify({ success: true, message: '', data: `${url} #${sent.length}` }), {
          status: 200,
        });
      }),
    );
    module = await import('./first-requests');
    client = await import('./api-client');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends the page's requests for its hash, with the stored token where they carry one", () => {
    module.startFirstRequests(page(REQUESTS), () => storage, '#lich-su-hien-mau', NOW);
    expect(sent).toEqual([
      { url: '/auth/me', authorization: `Bearer ${VALID}` },
      { url: '/api/campaigns', authorization: null },
      { url: '/api/appointments/history', authorization: `Bearer ${VALID}` },
    ]);
  });

  it('sends nothing without the list, without a token, with one about to expire, or where storage is forbidden', () => {
    module.startFirstRequests(page(), () => storage, '', NOW);
    storage.removeItem('access_token');
    module.startFirstRequests(page(REQUESTS), () => storage, '', NOW);
    storage.setItem('access_token', jwt(Math.floor(NOW / 1000) + 5));
    module.startFirstRequests(page(REQUESTS), () => storage, '', NOW);
    storage.setItem('access_token', 'not-a-jwt');
    module.startFirstRequests(page(REQUESTS), () => storage, '', NOW);
    module.startFirstRequests(
      page(REQUESTS),
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      '',
      NOW,
    );
    expect(sent).toEqual([]);
  });

  it('the API client takes each answer once, for the same GET with the same token; then asks the server', async () => {
    module.startFirstRequests(page(REQUESTS), () => storage, '', Date.now());
    expect(sent).toHaveLength(3);
    const me = await client.api.get<{ data: string }>('/auth/me');
    const campaigns = await client.api.get<{ data: string }>('/api/campaigns', { auth: false });
    const info = await client.api.get<{ data: string }>('/api/users/full-info');
    // The entry's answers (#1–#3): nothing more was sent.
    expect([me.data, campaigns.data, info.data]).toEqual([
      '/auth/me #1',
      '/api/campaigns #2',
      '/api/users/full-info #3',
    ]);
    expect(sent).toHaveLength(3);
    // Asked again (a refetch): the server answers.
    expect((await client.api.get<{ data: string }>('/auth/me')).data).toBe('/auth/me #4');
  });

  it('an answer is not taken by a request with another token, nor by one without a token', async () => {
    module.startFirstRequests(page(REQUESTS), () => storage, '', Date.now());
    storage.setItem('access_token', 'another-account');
    expect((await client.api.get<{ data: string }>('/auth/me')).data).toBe('/auth/me #4');
    expect((await client.api.get<{ data: string }>('/api/users/full-info', { auth: false })).data).toBe(
      '/api/users/full-info #5',
    );
  });

  it('a change sent by the application forgets the answers not taken yet', async () => {
    module.startFirstRequests(page(REQUESTS), () => storage, '', Date.now());
    await client.api.put('/api/users/contact', { body: { phone: '0905123456' } });
    expect((await client.api.get<{ data: string }>('/auth/me')).data).toBe('/auth/me #5');
  });

  it('an answer not taken within a minute is forgotten', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    module.startFirstRequests(page(REQUESTS), () => storage, '', NOW);
    vi.setSystemTime(NOW + 61_000);
    expect((await client.api.get<{ data: string }>('/auth/me')).data).toBe('/auth/me #4');
  });

  it('a request that failed on the way is sent again by the API client', async () => {
    const fetchMock = vi.mocked(globalThis.fetch);
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    module.startFirstRequests(page(REQUESTS), () => storage, '', Date.now());
    // The failed one was never answered: the others are #1 and #2.
    expect((await client.api.get<{ data: string }>('/auth/me')).data).toBe('/auth/me #3');
  });
});
