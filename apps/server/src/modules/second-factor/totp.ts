import { SECOND_FACTOR } from '@giot-hong/contract';
import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/*
 * Time-based one-time codes (RFC 6238) on the `otpauth` library: a TOTP code is the HOTP code
 * (RFC 4226) of the number of 30-second steps since 1970. The steps are computed here, from the
 * service's clock, so tests fix time and the replay rule can name the step a code belongs to.
 * Tests (API and browser) compute codes with these same functions.
 */

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';
export type TotpParams = { digits: number; periodSeconds: number; algorithm: TotpAlgorithm };

/** What every authenticator app understands (contract: SECOND_FACTOR). */
export const TOTP_PARAMS: TotpParams = {
  digits: SECOND_FACTOR.digits,
  periodSeconds: SECOND_FACTOR.periodSeconds,
  algorithm: SECOND_FACTOR.algorithm,
};

/** RFC 6238's T: whole steps since the Unix epoch at `at`. */
export const timeStep = (at: Date | number, periodSeconds = TOTP_PARAMS.periodSeconds) =>
  Math.floor(new Date(at).getTime() / 1000 / periodSeconds);

/** The code of one step. */
export function codeOfStep(secret: Uint8Array, step: number, params: TotpParams = TOTP_PARAMS): string {
  return HOTP.generate({
    secret: new Secret({ buffer: Uint8Array.from(secret).buffer }),
    counter: step,
    digits: params.digits,
    algorithm: params.algorithm,
  });
}

/** The code an authenticator app shows at `at`. */
export const totpCode = (secret: Uint8Array, at: Date | number, params: TotpParams = TOTP_PARAMS) =>
  codeOfStep(secret, timeStep(at, params.periodSeconds), params);

/**
 * Which step within ±`window` of `at` has `code`. Every candidate is computed and compared in
 * constant time, so the answer takes as long for a right code as for a wrong one.
 * `afterStep` is the step of the last code accepted: a match at it or before is a replay.
 */
export function matchCode(
  secret: Uint8Array,
  code: string,
  at: Date,
  opts: { window?: number; afterStep?: number | null; params?: TotpParams } = {},
): { step: number } | { replayed: true } | null {
  const params = opts.params ?? TOTP_PARAMS;
  const window = opts.window ?? SECOND_FACTOR.window;
  const now = timeStep(at, params.periodSeconds);
  const given = Buffer.from(code.padEnd(params.digits, ' ').slice(0, params.digits));
  let found: number | null = null;
  for (let step = now - window; step <= now + window; step++) {
    const expected = Buffer.from(codeOfStep(secret, step, params));
    if (timingSafeEqual(expected, given) && code.length === params.digits && found === null) found = step;
  }
  if (found === null) return null;
  if (opts.afterStep !== null && opts.afterStep !== undefined && found <= opts.afterStep)
    return { replayed: true };
  return { step: found };
}

/** A new random secret (20 bytes, RFC 4226's recommended length). */
export const newTotpSecret = (): Uint8Array =>
  Uint8Array.from(new Secret({ size: SECOND_FACTOR.secretBytes }).bytes);

/** Base32 (RFC 4648, no padding), as apps take a secret typed by hand. */
export const toBase32 = (secret: Uint8Array) => new Secret({ buffer: Uint8Array.from(secret).buffer }).base32;
export const fromBase32 = (base32: string): Uint8Array =>
  Uint8Array.from(Secret.fromBase32(base32.replace(/\s/g, '').toUpperCase()).bytes);

/** The `otpauth://totp/…` URI a QR code carries (Key Uri Format: issuer, label, secret, parameters). */
export function otpauthUri(secret: Uint8Array, accountName: string): string {
  return new TOTP({
    issuer: SECOND_FACTOR.issuer,
    label: accountName,
    secret: new Secret({ buffer: Uint8Array.from(secret).buffer }),
    algorithm: TOTP_PARAMS.algorithm,
    digits: TOTP_PARAMS.digits,
    period: TOTP_PARAMS.periodSeconds,
  }).toString();
}
