import { API } from '@giot-hong/contract';
import { randomBytes } from 'node:crypto';
import type { UserRole } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/auth.crypto.ts';
import { createAuthRepository } from '../src/modules/auth/auth.repository.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/seed/seed.ts';
import type { TestContext } from './helper.ts';

/** Test helpers for anything behind login. */

export type Tokens = { accessToken: string; refreshToken: string };

/** Logs in through the API and returns both tokens (throws with the server message otherwise). */
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
  return { accessToken: res.body.accessToken, refreshToken: res.body.refreshToken };
}

/** Logs in as the seeded, verified demo donor. */
export const loginDemoDonor = (t: TestContext) =>
  login(t, DEMO_ACCOUNTS.donor.username, DEMO_PASSWORDS.donor);
/** Logs in as the seeded staff account. */
export const loginStaff = (t: TestContext) => login(t, DEMO_ACCOUNTS.staff.username, DEMO_PASSWORDS.staff);

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

/** A verified user, logged in: `{ user, tokens, auth }` where `auth` is the Authorization header. */
export async function createLoggedInUser(t: TestContext, opts: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, opts);
  const tokens = await login(t, user.username, user.password);
  return { user, tokens, auth: { authorization: `Bearer ${tokens.accessToken}` } };
}
