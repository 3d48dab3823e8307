import {
  API,
  AUTH_SERVER_MESSAGES as M,
  ErrorCode,
  ZLoginResponse,
  ZRefreshResponse,
} from '@giot-hong/contract';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, loginDemoDonor, loginStaff } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { ACCESS_AUDIENCE } from './access-token.ts';
import { createAuthRepository } from './auth.repository.ts';
import { REFRESH_REUSE_GRACE_MS } from './auth.service.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

// On both databases (test/helper.ts, DB_KINDS): a refresh token exchanged twice at once.
describe.each(DB_KINDS)('login, tokens and logout on %s', (kind) => {
  let t: TestContext;
  const me = (token: string) =>
    t.request({ method: 'GET', url: API.authMe, headers: { authorization: `Bearer ${token}` } });
  const refresh = (token?: string) =>
    t.request({
      method: 'GET',
      url: API.authRefreshToken,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('login answers both tokens at the top level and in data; the access token is a 15-minute HS256 JWT', async () => {
    const user = await createUser(t);
    const res = await t.request({
      method: 'POST',
      url: API.authLogin,
      payload: { username: user.username, password: user.password },
    });
    expect(res.status).toBe(200);
    const body = ZLoginResponse.parse(res.body);
    expect(body).toMatchObject({ success: true, message: M.loginSuccess });
    expect(body.data).toEqual({ accessToken: body.accessToken, refreshToken: body.refreshToken });

    expect(decodeProtectedHeader(body.accessToken)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      typ: 'access',
      sub: String(user.id),
      aud: ACCESS_AUDIENCE,
      role: 'DONOR',
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    // The refresh token is opaque: not a JWT at all.
    expect(body.refreshToken.split('.')).toHaveLength(1);

    const who = await me(body.accessToken);
    expect(who.status).toBe(200);
    expect(who.body.data).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'DONOR',
      emailVerified: true,
    });
  });

  it('login is case-insensitive on the username and trims it; wrong passwords and unknown users get one message', async () => {
    const user = await createUser(t, { username: `An_${Date.now()}` });
    expect((await login(t, `  ${user.username.toUpperCase()} `, user.password)).accessToken).toBeTruthy();
    for (const payload of [
      { username: user.username, password: 'Sai@Mat-Khau1' },
      { username: 'khong_ton_tai_ai', password: user.password },
    ]) {
      const res = await t.request({ method: 'POST', url: API.authLogin, payload, remoteAddress: '10.2.0.1' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        success: false,
        code: ErrorCode.UNAUTHORIZED,
        message: M.invalidCredentials,
      });
    }
  });

  it('seeds a verified demo donor and a staff account that can log in', async () => {
    const donor = await loginDemoDonor(t);
    expect((await me(donor.accessToken)).body.data).toMatchObject({
      username: 'nguoihienmau',
      role: 'DONOR',
      emailVerified: true,
    });
    const staff = await loginStaff(t);
    expect((await me(staff.accessToken)).body.data).toMatchObject({ username: 'canbo', role: 'STAFF' });
  });

  it('refresh rotates: new access_token and refresh_token; the old refresh token is spent', async () => {
    const user = await createUser(t);
    const first = await login(t, user.username, user.password);
    t.clock.advance(1000); // a different iat, so the new access token differs from the old
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    const body = ZRefreshResponse.parse(res.body);
    expect(body.message).toBe(M.refreshSuccess);
    expect(body.data).toEqual({
      access_token: body.access_token,
      refresh_token: body.refresh_token,
      token_type: 'Bearer',
      expires_in: 900,
    });
    expect(body.refresh_token).not.toBe(first.refreshToken);
    expect(body.access_token).not.toBe(first.accessToken);
    expect((await me(body.access_token)).status).toBe(200);

    // The rotated one works once more.
    const second = await refresh(body.refresh_token);
    expect(second.status).toBe(200);
  });

  it('presenting an already-used refresh token revokes the whole login (every token of that family)', async () => {
    const user = await createUser(t);
    const other = await login(t, user.username, user.password); // a second, unrelated login
    const first = await login(t, user.username, user.password);
    const rotated = (await refresh(first.refreshToken)).body;

    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1); // past the two-tab grace
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: ErrorCode.UNAUTHORIZED, message: M.sessionExpired });

    // The thief's and the owner's newer tokens of that login are dead too, access and refresh.
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    expect((await me(rotated.access_token)).status).toBe(401);
    expect((await me(first.accessToken)).status).toBe(401);
    // The other login of the same person is untouched.
    expect((await me(other.accessToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  describe('the two-tab grace after a rotation', () => {
    const session = async () => {
      const user = await createUser(t);
      return login(t, user.username, user.password);
    };
    const pairOf = (res: { status: number; body: any }) => {
      expect(res.status, res.body?.message).toBe(200);
      return { access: res.body.access_token as string, refresh: res.body.refresh_token as string };
    };
    const expectRevoked = async (...pairs: { access: string; refresh?: string }[]) => {
      for (const p of pairs) {
        expect((await me(p.access)).status).toBe(401);
        if (p.refresh) expect((await refresh(p.refresh)).status).toBe(401);
      }
    };

    it('two tabs refreshing with the same token at the same moment both stay logged in, with the same pair', async () => {
      const first = await session();
      t.clock.advance(1000);
      const answers = await Promise.all([
        refresh(first.refreshToken),
        refresh(first.refreshToken),
        refresh(first.refreshToken),
      ]);
      const pairs = answers.map(pairOf);
      expect(pairs[1]).toEqual(pairs[0]);
      expect(pairs[2]).toEqual(pairs[0]);
      expect(pairs[0]!.refresh).not.toBe(first.refreshToken);
      expect((await me(pairs[0]!.access)).status).toBe(200);
      // Later in the grace, the same pair again; the login goes on with it.
      t.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
      expect(pairOf(await refresh(first.refreshToken))).toEqual(pairs[0]);
      const next = pairOf(await refresh(pairs[0]!.refresh));
      expect((await me(next.access)).status).toBe(200);
    });

    it('the just-rotated token presented after the grace revokes the login', async () => {
      const first = await session();
      const rotated = pairOf(await refresh(first.refreshToken));
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      const late = await refresh(first.refreshToken);
      expect(late.status).toBe(401);
      expect(late.body.message).toBe(M.sessionExpired);
      await expectRevoked(rotated, { access: first.accessToken });
    });

    it('an older token reused within seconds still revokes the login', async () => {
      const first = await session();
      const second = pairOf(await refresh(first.refreshToken));
      const third = pairOf(await refresh(second.refresh));
      const fourth = pairOf(await refresh(third.refresh));
      // No time has passed, but `first` is not the token rotated last.
      expect((await refresh(first.refreshToken)).status).toBe(401);
      await expectRevoked(second, third, fourth);
    });

    it('the just-rotated token reused after its successor was used revokes the login', async () => {
      const first = await session();
      const second = pairOf(await refresh(first.refreshToken));
      const third = pairOf(await refresh(second.refresh)); // the successor is used
      expect((await refresh(first.refreshToken)).status).toBe(401);
      await expectRevoked(second, third);
    });
  });

  it('an access token expires after 15 minutes; refresh still works', async () => {
    const user = await createUser(t);
    const tokens = await login(t, user.username, user.password);
    t.clock.advance(15 * 60_000 - 1000);
    expect((await me(tokens.accessToken)).status).toBe(200);
    t.clock.advance(1000);
    const expired = await me(tokens.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: ErrorCode.UNAUTHORIZED });
    expect((await refresh(tokens.refreshToken)).status).toBe(200);
  });

  it('refuses tampered and misused tokens', async () => {
    const user = await createUser(t);
    const tokens = await login(t, user.username, user.password);
    const [h, p, s] = tokens.accessToken.split('.') as [string, string, string];
    const claims = decodeJwt(tokens.accessToken);
    const secret = new TextEncoder().encode(t.config.secrets.accessToken);
    const sign = (
      payload: object,
      header: { alg: string; typ?: string } = { alg: 'HS256', typ: 'at+jwt' },
      key = secret,
    ) => new SignJWT({ ...payload }).setProtectedHeader(header).sign(key);

    const forged = {
      'alg none': `${b64({ alg: 'none', typ: 'at+jwt' })}.${p}.`,
      'alg none with the old signature': `${b64({ alg: 'none', typ: 'at+jwt' })}.${p}.${s}`,
      'wrong key': await sign(claims, undefined, new TextEncoder().encode('x'.repeat(64))),
      'changed subject, old signature': `${h}.${b64({ ...claims, sub: '1' })}.${s}`,
      'typ refresh claim (right key)': await sign({ ...claims, typ: 'refresh' }),
      'wrong header typ (right key)': await sign(claims, { alg: 'HS256', typ: 'JWT' }),
      'wrong audience (right key)': await sign({ ...claims, aud: 'someone-else' }),
      'expired (right key)': await sign({ ...claims, iat: claims.iat! - 3600, exp: claims.iat! - 1800 }),
      'HS512 (right key)': await sign(claims, { alg: 'HS512', typ: 'at+jwt' }),
      'refresh token used as access token': tokens.refreshToken,
      garbage: 'abc.def.ghi',
    };
    for (const [name, token] of Object.entries(forged)) {
      const res = await me(token);
      expect([name, res.status]).toEqual([name, 401]);
    }
    // Still the real one works.
    expect((await me(tokens.accessToken)).status).toBe(200);

    // The reverse: an access token (or anything else) is not a refresh token.
    for (const token of [tokens.accessToken, `${tokens.refreshToken}x`, '', undefined]) {
      const res = await refresh(token);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(M.sessionExpired);
    }
    expect((await me(tokens.accessToken)).status).toBe(200);
  });

  it('a request without a bearer token, or with another scheme, is 401 in the envelope', async () => {
    for (const headers of [{}, { authorization: 'Basic YWJjOmRlZg==' }, { authorization: 'Bearer' }]) {
      const res = await t.request({ method: 'GET', url: API.authMe, headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        success: false,
        data: null,
        code: ErrorCode.UNAUTHORIZED,
        message: 'Vui lòng đăng nhập để tiếp tục',
      });
    }
  });

  it('logout revokes the login of the refresh token: its refresh and access tokens stop working', async () => {
    const user = await createUser(t);
    const tokens = await login(t, user.username, user.password);
    const other = await login(t, user.username, user.password);
    const res = await t.request({
      method: 'POST',
      url: API.authLogout,
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: M.logoutSuccess, data: { message: M.logoutSuccess } });
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
    expect((await me(tokens.accessToken)).status).toBe(401);
    expect((await me(other.accessToken)).status).toBe(200);

    // With only the access token, and with nothing at all: still a calm 200.
    const byAccess = await t.request({
      method: 'POST',
      url: API.authLogout,
      headers: { authorization: `Bearer ${other.accessToken}` },
    });
    expect(byAccess.status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(401);
    expect((await t.request({ method: 'POST', url: API.authLogout })).status).toBe(200);
  });

  it('requests at once are each answered as their own login; a logged-out and a disabled one among them are refused', async () => {
    const [a, b, c, d] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    const [ta, tb, tc, td] = await Promise.all([a, b, c, d].map((u) => login(t, u.username, u.password)));
    await t.request({ method: 'POST', url: API.authLogout, payload: { refreshToken: tc!.refreshToken } });
    await t.database.db.execute(`update users set enabled = false where id = ${d.id}` as never);
    // Twenty requests at once: their logins are read together (ADR 65), and no answer is another's.
    const asked = Array.from({ length: 20 }, (_, i) => [a, b, c, d][i % 4]!);
    const tokenOf = new Map([
      [a, ta!],
      [b, tb!],
      [c, tc!],
      [d, td!],
    ]);
    const answers = await Promise.all(asked.map((u) => me(tokenOf.get(u)!.accessToken)));
    answers.forEach((res, i) => {
      const u = asked[i]!;
      if (u === c || u === d) expect(res.status).toBe(401);
      else {
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ id: u.id, username: u.username });
      }
    });
  });

  it('the sessions of reads made while one is on its way are read together in one statement', async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const [ta, tb] = await Promise.all([login(t, a.username, a.password), login(t, b.username, b.password)]);
    const sid = (token: string) => decodeJwt(token).sid as string;
    const repo = createAuthRepository(t.database.db);
    let statements = 0;
    const stop = t.database.observeQueries(() => statements++);
    const ids = [sid(ta.accessToken), sid(tb.accessToken), 'not-a-session', sid(ta.accessToken)];
    const found = await Promise.all([...ids, ...ids].map((id) => repo.sessionCaller(id)));
    stop();
    // The first read alone, at once; the seven that came while it was on its way, in one more.
    expect(statements).toBe(2);
    expect(found.map((f) => f?.userId)).toEqual([a.id, b.id, undefined, a.id, a.id, b.id, undefined, a.id]);
  });

  it('a disabled account cannot log in', async () => {
    const user = await createUser(t);
    await t.database.db.execute(`update users set enabled = false where id = ${user.id}` as never);
    const res = await t.request({
      method: 'POST',
      url: API.authLogin,
      payload: { username: user.username, password: user.password },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.accountDisabled);
  });
});
