import { API, SECOND_FACTOR, type TLoginChallenge } from '@giot-hong/contract';
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { secondFactors, users, type UserRole } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/auth.crypto.ts';
import { createAuthRepository } from '../src/modules/auth/auth.repository.ts';
import { codeOfStep, fromBase32, timeStep } from '../src/modules/second-factor/totp.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS, DEMO_TOTP_SECRET } from '../src/seed/seed.ts';
import type { TestContext } from './helper.ts';

/** Test helpers for anything behind login. */

export type Tokens = { accessToken: string; refreshToken: string };

/**
 * The authenticator secrets the tests know, per app: the demo staff's development secret, and
 * every secret a helper enrolled (what a person's phone would hold).
 */
const knownSecrets = new WeakMap<TestContext, Map<string, Uint8Array>>();
function secretsOf(t: TestContext) {
  let map = knownSecrets.get(t);
  if (!map) {
    map = new Map();
    const demo = fromBase32(DEMO_TOTP_SECRET);
    map.set(DEMO_ACCOUNTS.staff.username, demo).set(DEMO_ACCOUNTS.admin.username, demo);
    knownSecrets.set(t, map);
  }
  return map;
}

/** The authenticator secret the tests hold for `username` (enrolled by a helper, or a demo account's). */
export function secretOf(t: TestContext, username: string): Uint8Array {
  const secret = secretsOf(t).get(username.toLowerCase());
  if (!secret) throw new Error(`no authenticator secret known for ${username}`);
  return secret;
}

/**
 * The code a person would type now for `username`. The server never accepts a 30-second step
 * twice, and the tests' clock stands still: the code is of the first step the server still takes
 * (now − 1 … now + 1, after the last one used); when all three are spent the clock moves on a step.
 */
export async function nextCode(t: TestContext, username: string): Promise<string> {
  const [row] = await t.database.db
    .select({ lastUsedStep: secondFactors.lastUsedStep })
    .from(secondFactors)
    .innerJoin(users, eq(users.id, secondFactors.userId))
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  const last = row?.lastUsedStep ?? -Infinity;
  const now = timeStep(t.clock.now());
  const step = Math.max(now - SECOND_FACTOR.window, last + 1);
  if (step > now + SECOND_FACTOR.window)
    t.clock.advance((step - now - SECOND_FACTOR.window) * SECOND_FACTOR.periodSeconds * 1000);
  return codeOfStep(secretOf(t, username), step);
}

/** Sets up an authenticator through the API like a person would: returns the tokens and recovery codes. */
export async function enrolSecondFactor(
  t: TestContext,
  username: string,
  challenge: string,
  ip?: string,
): Promise<Tokens & { recoveryCodes: string[] }> {
  const start = await t.request({
    method: 'POST',
    url: API.authSecondFactorEnrolment,
    payload: { challenge },
    remoteAddress: ip,
  });
  if (start.status !== 200) throw new Error(`enrolment failed (${start.status}): ${start.body?.message}`);
  const secret = fromBase32(start.body.data.secret);
  secretsOf(t).set(username.toLowerCase(), secret);
  const confirm = await t.request({
    method: 'POST',
    url: API.authSecondFactorEnrolmentConfirm,
    payload: { challenge, code: codeOfStep(secret, timeStep(t.clock.now())) },
    remoteAddress: ip,
  });
  if (confirm.status !== 200)
    throw new Error(`enrolment confirmation failed (${confirm.status}): ${confirm.body?.message}`);
  return {
    accessToken: confirm.body.accessToken,
    refreshToken: confirm.body.refreshToken,
    recoveryCodes: confirm.body.data.recoveryCodes,
  };
}

/** The code step of a staff login, with the code computed here from the account's secret. */
export async function completeSecondFactor(
  t: TestContext,
  username: string,
  secondFactor: TLoginChallenge,
  ip?: string,
): Promise<Tokens> {
  if (secondFactor.next === 'enrol') return enrolSecondFactor(t, username, secondFactor.challenge, ip);
  const res = await t.request({
    method: 'POST',
    url: API.authSecondFactor,
    payload: { challenge: secondFactor.challenge, code: await nextCode(t, username) },
    remoteAddress: ip,
  });
  if (res.status !== 200) throw new Error(`second factor failed (${res.status}): ${res.body?.message}`);
  return { accessToken: res.body.accessToken, refreshToken: res.body.refreshToken };
}

/**
 * Logs in through the API and returns both tokens (throws with the server message otherwise).
 * A staff account answers with a challenge: the code step follows (or the enrolment, the first
 * time), with a code computed here as the person's authenticator app would.
 */
export async function login(
  t: TestContext,
  username: string,
  password: string,
  ip?: string,
): Promise<Tokens> {
  const res = await t.request({
    method: 'POST',
    url: API.authLogin,
    payload: { username, password },
    remoteAddress: ip,
  });
  if (res.status !== 200) throw new Error(`login failed (${res.status}): ${res.body?.message}`);
  if (res.body.data?.secondFactor) return completeSecondFactor(t, username, res.body.data.secondFactor, ip);
  return { accessToken: res.body.accessToken, refreshToken: res.body.refreshToken };
}

/** Logs in as the seeded, verified demo donor. */
export const loginDemoDonor = (t: TestContext) =>
  login(t, DEMO_ACCOUNTS.donor.username, DEMO_PASSWORDS.donor);
/** Logs in as the seeded staff account (with its development authenticator secret). */
export const loginStaff = (t: TestContext) => login(t, DEMO_ACCOUNTS.staff.username, DEMO_PASSWORDS.staff);
/** Logs in as the seeded ADMIN account. */
export const loginAdmin = (t: TestContext) => login(t, DEMO_ACCOUNTS.admin.username, DEMO_PASSWORDS.admin);

/**
 * Creates a verified account straight in the database (no mail, no rate limit) and logs it in.
 * Each call makes a new user, so tests do not share state.
 */
export async function createUser(
  t: TestContext,
  opts: { username?: string; email?: string; password?: string; role?: UserRole; verified?: boolean } = {},
): Promise<{ id: number; username: string; email: string; password: string }> {
  const suffix = randomBytes(4).toString('hex');
  const username = opts.username ?? `user_${suffix}`;
  const email = opts.email ?? `${username}@example.vn`;
  const password = opts.password ?? 'Kh0ng-Doan@Duoc';
  const repo = createAuthRepository(t.database.db);
  const user = await repo.insertUser({
    username,
    email,
    passwordHash: await hashPassword(password),
    role: opts.role ?? 'DONOR',
    emailVerifiedAt: opts.verified === false ? null : t.clock.now(),
    now: t.clock.now(),
  });
  return { id: user.id, username, email, password };
}

/**
 * A verified user, logged in: `{ user, tokens, auth }` where `auth` is the Authorization header.
 * A STAFF or ADMIN user enrols an authenticator on this first login, as a person would.
 */
export async function createLoggedInUser(t: TestContext, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, opts);
  const tokens = await login(t, user.username, user.password);
  return { user, tokens, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}
