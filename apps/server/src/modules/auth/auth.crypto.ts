import type { Algorithm } from '@node-rs/argon2';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPasswordPool } from './password-pool.ts';

/**
 * argon2id with the OWASP minimum (m=19 MiB, t=2, p=1): about 12 ms here. `Algorithm` is a
 * const enum that isolatedModules cannot import by value; 2 is Argon2id.
 */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The login form trims the password while sign-up sends it as typed; hashing
 * and verifying the trimmed value keeps a password with a stray space usable.
 */
const normalize = (password: string) => password.trim();

/**
 * Every hash and verification of the process runs in one pool of threads, one per core, below the
 * request thread's priority (password-pool.ts, ADR 40): the hashes fill the cores the requests
 * leave, and the rest of the portal does not wait behind them.
 */
const passwords = createPasswordPool();

/** How many hashes are running or waiting, and the threads hashing (for tests and diagnostics). */
export const passwordPoolStats = () => passwords.stats();

export function hashPassword(password: string): Promise<string> {
  return passwords.hash(normalize(password), ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await passwords.verify(hash, normalize(password));
  } catch {
    return false;
  }
}

/** Verified against when the username does not exist, so both cases cost the same time. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/**
 * The refresh token that rotating `token` issues: keyed with a server secret, so nobody else can
 * compute it, and the same each time, so a token presented again within the rotation grace can
 * be answered with the very pair its first exchange issued without storing any token in clear.
 */
export const successorRefreshToken = (secret: string, token: string) =>
  createHmac('sha256', secret).update(token).digest('base64url');

/** A 6-digit code from the CSPRNG (leading zeros kept). */
export const randomOtp = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * A 6-digit code has only a million values, so a plain hash could be reversed from a stolen
 * table in a blink: it is keyed with a server secret and bound to the reset row.
 */
export function otpDigest(secret: string, resetScope: string, code: string): string {
  return createHmac('sha256', secret).update(`${resetScope}:${code}`).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Keys of throttle counters never hold the e-mail, username or IP itself. */
let blocklist: Set<string> | undefined;

/** The most common passwords (common-passwords.txt), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  blocklist ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  return blocklist.has(normalize(password).toLowerCase());
}
