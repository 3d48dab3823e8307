import {
  ADMIN_STAFF_API,
  API,
  AUTH_SERVER_MESSAGES,
  ErrorCode,
  SECOND_FACTOR,
  SECOND_FACTOR_MESSAGES as M,
  ZLoginResponse,
} from '@giot-hong/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginChallenges, recoveryCodes, secondFactors, users } from '../../db/schema/index.ts';
import {
  createLoggedInUser,
  createUser,
  enrolSecondFactor,
  loginAdmin,
  loginDemoDonor,
  nextCode,
  secretOf,
} from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../../seed/seed.ts';
import { codeOfStep, fromBase32, timeStep } from './totp.ts';

type Auth = Record<string, string>;
const bearer = (token: string): Auth => ({ authorization: `Bearer ${token}` });

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('second factor for staff on %s', (kind) => {
  let t: TestContext;
  let ipN = 0;
  // Each test its own address: the per-address login limits stay out of the way.
  const ip = () => `10.20.${Math.floor(++ipN / 200)}.${ipN % 200}`;

  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t?.close());

  const passwordStep = (username: string, password: string, remoteAddress = ip()) =>
    t.request({ method: 'POST', url: API.authLogin, payload: { username, password }, remoteAddress });
  const codeStep = (payload: Record<string, string>, remoteAddress = ip()) =>
    t.request({ method: 'POST', url: API.authSecondFactor, payload, remoteAddress });
  const me = (token: string) => t.request({ method: 'GET', url: API.authMe, headers: bearer(token) });

  /** The challenge a right password of the demo staff account answers. */
  async function staffChallenge(): Promise<string> {
    const res = await passwordStep(DEMO_ACCOUNTS.staff.username, DEMO_PASSWORDS.staff);
    expect(res.status).toBe(200);
    expect(res.body.data.secondFactor.next).toBe('code');
    return res.body.data.secondFactor.challenge;
  }

  it('a right staff password answers a challenge and no token; the challenge opens nothing', async () => {
    const res = await passwordStep(DEMO_ACCOUNTS.staff.username, DEMO_PASSWORDS.staff);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.codeNeeded);
    expect(res.body).not.toHaveProperty('accessToken');
    expect(res.body).not.toHaveProperty('refreshToken');
    expect(res.body.data).toEqual({
      secondFactor: {
        challenge: expect.any(String),
        next: 'code',
        expiresIn: SECOND_FACTOR.challengeSeconds,
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // Neither an access token nor a refresh token.
    const challenge = res.body.data.secondFactor.challenge as string;
    expect((await me(challenge)).status).toBe(401);
    const refresh = await t.request({ method: 'GET', url: API.authRefreshToken, headers: bearer(challenge) });
    expect(refresh.status).toBe(401);
    // The ADMIN demo account too.
    const adminRes = await passwordStep(DEMO_ACCOUNTS.admin.username, DEMO_PASSWORDS.admin);
    expect(adminRes.body.data.secondFactor.next).toBe('code');
    expect(adminRes.body).not.toHaveProperty('accessToken');
  });

  it('a wrong password is still the password step: no challenge', async () => {
    const res = await passwordStep(DEMO_ACCOUNTS.staff.username, 'Sai@MatKhau1');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(AUTH_SERVER_MESSAGES.invalidCredentials);
    expect(res.body.data).toBeNull();
  });

  it('the right code gives the usual tokens, once per challenge', async () => {
    const challenge = await staffChallenge();
    const res = await codeStep({ challenge, code: await nextCode(t, DEMO_ACCOUNTS.staff.username) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.loginSuccess);
    const tokens = ZLoginResponse.parse(res.body);
    expect(tokens.data).toMatchObject({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    expect((await me(tokens.accessToken)).body.data).toMatchObject({ username: 'canbo', role: 'STAFF' });
    // The challenge is spent: a second code cannot use it.
    const again = await codeStep({ challenge, code: await nextCode(t, DEMO_ACCOUNTS.staff.username) });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: ErrorCode.UNAUTHORIZED, message: M.challengeExpired });
  });

  it('a code already used in its 30-second step is refused (replay), as are older ones', async () => {
    const first = await staffChallenge();
    const code = await nextCode(t, DEMO_ACCOUNTS.staff.username);
    expect((await codeStep({ challenge: first, code })).status).toBe(200);
    const second = await staffChallenge();
    const replayed = await codeStep({ challenge: second, code });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ code: ErrorCode.VALIDATION, message: M.codeReplayed });
    expect(replayed.body.errors).toEqual([{ field: 'code', message: M.codeReplayed }]);
    // The step before the one used is spent too.
    const [row] = await t.database.db
      .select({ step: secondFactors.lastUsedStep })
      .from(secondFactors)
      .innerJoin(users, eq(users.id, secondFactors.userId))
      .where(eq(users.username, 'canbo'));
    const older = codeOfStep(secretOf(t, 'canbo'), row!.step! - 1);
    if (Math.abs(row!.step! - 1 - timeStep(t.clock.now())) <= 1)
      expect((await codeStep({ challenge: second, code: older })).body.message).toBe(M.codeReplayed);
    // The next step's code still works.
    expect((await codeStep({ challenge: second, code: await nextCode(t, 'canbo') })).status).toBe(200);
  });

  it('wrong codes are refused and throttled per account like passwords; a new password does not reset the count', async () => {
    const member = await createLoggedInUser(t, { role: 'STAFF' });
    const login = () => passwordStep(member.user.username, member.user.password);
    let challenge = (await login()).body.data.secondFactor.challenge as string;
    // Five free failures, from addresses of their own: the count is the account's.
    for (let i = 0; i < 5; i++) {
      const res = await codeStep({ challenge, code: '000000' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(M.codeWrong);
      expect(res.body.errors).toEqual([{ field: 'code', message: M.codeWrong }]);
    }
    // Then a wait, even for the right code, even after a right password (a new challenge).
    const blocked = await codeStep({ challenge, code: await nextCode(t, member.user.username) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(M.tooManyCodes('1 giây'));
    challenge = (await login()).body.data.secondFactor.challenge as string;
    expect((await codeStep({ challenge, code: await nextCode(t, member.user.username) })).status).toBe(429);
    // The wait over, the right code logs in and forgets the failures.
    t.clock.advance(1_000);
    const res = await codeStep({ challenge, code: await nextCode(t, member.user.username) });
    expect(res.status).toBe(200);
    challenge = (await login()).body.data.secondFactor.challenge as string;
    expect((await codeStep({ challenge, code: '111111' })).status).toBe(400);
  });

  it('malformed codes are refused before any check, in Vietnamese', async () => {
    const challenge = await staffChallenge();
    for (const code of ['12345', '1234567', 'abcdef', ''])
      expect((await codeStep({ challenge, code })).status, code).toBe(400);
    const both = await codeStep({ challenge, code: '123456', recoveryCode: 'abcde-12345' });
    expect(both.status).toBe(400);
    const short = await codeStep({ challenge, code: '12345' });
    expect(short.body.message).toBe(M.codeSixDigits);
  });

  it('a challenge lasts five minutes', async () => {
    const challenge = await staffChallenge();
    t.clock.advance(SECOND_FACTOR.challengeSeconds * 1000 + 1);
    const res = await codeStep({ challenge, code: await nextCode(t, 'canbo') });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(M.challengeExpired);
  });

  it('enrolment: first login of a staff account sets up an app, confirms a first code, answers ten recovery codes', async () => {
    const user = await createUser(t, { role: 'ADMIN' });
    const res = await passwordStep(user.username, user.password);
    expect(res.body.message).toBe(M.enrolmentNeeded);
    expect(res.body.data.secondFactor).toMatchObject({
      next: 'enrol',
      expiresIn: SECOND_FACTOR.enrolmentSeconds,
    });
    expect(res.body).not.toHaveProperty('accessToken');
    const challenge = res.body.data.secondFactor.challenge as string;
    // An enrolment challenge is not the code step's.
    expect((await codeStep({ challenge, code: '123456' })).status).toBe(401);
    const start = (
      await t.request({ method: 'POST', url: API.authSecondFactorEnrolment, payload: { challenge } })
    ).body.data;
    expect(start.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(start.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Giọt Hồng:${user.username}`);
    expect(uri.searchParams.get('secret')).toBe(start.secret);
    // Asking again replaces the secret: a code of the first one no longer confirms.
    const restart = (
      await t.request({ method: 'POST', url: API.authSecondFactorEnrolment, payload: { challenge } })
    ).body.data;
    expect(restart.secret).not.toBe(start.secret);
    const confirm = (code: string) =>
      t.request({ method: 'POST', url: API.authSecondFactorEnrolmentConfirm, payload: { challenge, code } });
    const step = timeStep(t.clock.now());
    const stale = await confirm(codeOfStep(fromBase32(start.secret), step));
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(M.codeWrong);
    expect(await t.database.db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))).toEqual(
      [],
    );
    const secret = fromBase32(restart.secret);
    const done = await confirm(codeOfStep(secret, step));
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(M.enrolled);
    expect((await me(done.body.accessToken)).body.data.role).toBe('ADMIN');
    const codes = done.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    // Stored sealed and hashed: neither the secret nor a code is in the database in clear.
    const [factor] = await t.database.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, user.id));
    expect(factor!.secretSealed.includes(Buffer.from(secret))).toBe(false);
    expect(factor!.secretSealed.toString('latin1')).not.toContain(restart.secret);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((c) => row.codeHash.includes(c.replace('-', '')))).toBe(false);
    }
    // The challenge is spent; the confirming code is used; the enrolment is audited.
    expect((await confirm(codeOfStep(secret, step + 1))).status).toBe(401);
    expect(
      await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.id)),
    ).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'account.second-factor.enrol')));
    expect(audit).toMatchObject([{ actorId: user.id, actorRole: 'ADMIN' }]);
    // The next login asks for the code; the confirming code's step cannot be used again.
    const next = await passwordStep(user.username, user.password);
    expect(next.body.data.secondFactor.next).toBe('code');
    const replay = await codeStep({
      challenge: next.body.data.secondFactor.challenge,
      code: codeOfStep(secret, step),
    });
    expect(replay.body.message).toBe(M.codeReplayed);
  });

  it('a recovery code logs in once; spaces, hyphens and case do not matter', async () => {
    const user = await createUser(t, { role: 'STAFF' });
    const first = await passwordStep(user.username, user.password);
    const { recoveryCodes: codes } = await enrolSecondFactor(
      t,
      user.username,
      first.body.data.secondFactor.challenge,
    );
    const challenge = async () =>
      (await passwordStep(user.username, user.password)).body.data.secondFactor.challenge as string;
    const typed = ` ${codes[0]!.toUpperCase().replace('-', ' ')} `;
    const ok = await codeStep({ challenge: await challenge(), recoveryCode: typed });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recoveryCodesLeft).toBe(9);
    expect((await me(ok.body.accessToken)).body.data.username).toBe(user.username);
    const again = await codeStep({ challenge: await challenge(), recoveryCode: codes[0]! });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.recoveryCodeWrong);
    expect(again.body.errors).toEqual([{ field: 'recoveryCode', message: M.recoveryCodeWrong }]);
    // Another account's code does not open this one.
    const other = await createUser(t, { role: 'STAFF' });
    const otherCodes = (
      await enrolSecondFactor(
        t,
        other.username,
        (await passwordStep(other.username, other.password)).body.data.secondFactor.challenge,
      )
    ).recoveryCodes;
    expect((await codeStep({ challenge: await challenge(), recoveryCode: otherCodes[0]! })).status).toBe(400);
    // Spending the last one says so.
    for (const code of codes.slice(1, 9))
      expect((await codeStep({ challenge: await challenge(), recoveryCode: code })).status).toBe(200);
    const last = await codeStep({ challenge: await challenge(), recoveryCode: codes[9]! });
    expect(last.body).toMatchObject({ message: M.lastRecoveryCodeUsed, data: { recoveryCodesLeft: 0 } });
  });

  it('an ADMIN resets a staff member’s second factor (audited): sessions end, the next login enrols again', async () => {
    const adminToken = (await loginAdmin(t)).accessToken;
    const admin = bearer(adminToken);
    const adminId = (await me(adminToken)).body.data.id as number;
    const member = await createLoggedInUser(t, { role: 'STAFF' });
    expect((await me(member.tokens.accessToken)).status).toBe(200);
    const listed = async () =>
      (
        (await t.request({ method: 'GET', url: ADMIN_STAFF_API.list, headers: admin })).body.data as {
          id: number;
          secondFactor: boolean;
        }[]
      ).find((m) => m.id === member.user.id);
    expect(await listed()).toMatchObject({ secondFactor: true });
    // Staff cannot.
    const staff = bearer((await createLoggedInUser(t, { role: 'STAFF' })).tokens.accessToken);
    expect(
      (
        await t.request({
          method: 'POST',
          url: ADMIN_STAFF_API.resetSecondFactor(member.user.id),
          headers: staff,
        })
      ).status,
    ).toBe(403);
    const res = await t.request({
      method: 'POST',
      url: ADMIN_STAFF_API.resetSecondFactor(member.user.id),
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: M.resetDone,
      data: { id: member.user.id, secondFactor: false },
    });
    expect(await listed()).toMatchObject({ secondFactor: false });
    // Its logins ended; its recovery codes are gone.
    expect((await me(member.tokens.accessToken)).status).toBe(401);
    expect(
      await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id)),
    ).toEqual([]);
    const audit = await t.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.targetId, member.user.id))
      .orderBy(asc(auditLog.id));
    expect(audit.at(-1)).toEqual({
      action: 'staff.second-factor.reset',
      actorId: adminId,
      detail: { hadFactor: true },
    });
    // The old app's code no longer logs in: the password step now leads to the enrolment.
    const next = await passwordStep(member.user.username, member.user.password);
    expect(next.body.data.secondFactor.next).toBe('enrol');
    expect(
      (
        await codeStep({
          challenge: next.body.data.secondFactor.challenge,
          code: await nextCode(t, member.user.username),
        })
      ).status,
    ).toBe(401);
    await enrolSecondFactor(t, member.user.username, next.body.data.secondFactor.challenge);
  });

  it('an account locked between the password and the code gets no tokens', async () => {
    const member = await createLoggedInUser(t, { role: 'STAFF' });
    const challenge = (await passwordStep(member.user.username, member.user.password)).body.data.secondFactor
      .challenge as string;
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, member.user.id));
    const res = await codeStep({ challenge, code: await nextCode(t, member.user.username) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(AUTH_SERVER_MESSAGES.accountDisabled);
  });

  it('a donor logs in as before: tokens at once, never a second factor', async () => {
    const res = await passwordStep(DEMO_ACCOUNTS.donor.username, DEMO_PASSWORDS.donor);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AUTH_SERVER_MESSAGES.loginSuccess);
    const body = ZLoginResponse.parse(res.body);
    expect(res.body.data).not.toHaveProperty('secondFactor');
    expect((await me(body.accessToken)).body.data.role).toBe('DONOR');
    await loginDemoDonor(t);
    // Donors have no challenge to enrol with.
    const enrol = await t.request({
      method: 'POST',
      url: API.authSecondFactorEnrolment,
      payload: { challenge: body.refreshToken },
    });
    expect(enrol.status).toBe(401);
  });
});
