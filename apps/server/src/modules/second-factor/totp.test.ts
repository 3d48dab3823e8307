import { describe, expect, it } from 'vitest';
import {
  codeOfStep,
  fromBase32,
  matchCode,
  newTotpSecret,
  otpauthUri,
  timeStep,
  toBase32,
  totpCode,
} from './totp.ts';

// RFC 6238, Appendix B: the SHA-1 rows (the seed is the 20-byte ASCII "12345678901234567890"), 8 digits.
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const RFC_SHA1 = { digits: 8, periodSeconds: 30, algorithm: 'SHA1' } as const;
const VECTORS: [seconds: number, step: string, code: string][] = [
  [59, '0000000000000001', '94287082'],
  [1111111109, '00000000023523EC', '07081804'],
  [1111111111, '00000000023523ED', '14050471'],
  [1234567890, '000000000273EF07', '89005924'],
  [2000000000, '0000000003F940AA', '69279037'],
  [20000000000, '0000000027BC86AA', '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s (step %s) the SHA-1 code is %s', (seconds, stepHex, code) => {
    expect(timeStep(seconds * 1000, 30)).toBe(parseInt(stepHex, 16));
    expect(totpCode(RFC_SECRET, seconds * 1000, RFC_SHA1)).toBe(code);
    expect(matchCode(RFC_SECRET, code, new Date(seconds * 1000), { params: RFC_SHA1, window: 0 })).toEqual({
      step: parseInt(stepHex, 16),
    });
  });

  it('accepts the step before and after (±1), not two away', () => {
    const at = new Date(1111111111 * 1000);
    const now = timeStep(at);
    for (const offset of [-1, 0, 1])
      expect(matchCode(RFC_SECRET, codeOfStep(RFC_SECRET, now + offset), at)).toEqual({ step: now + offset });
    for (const offset of [-2, 2])
      expect(matchCode(RFC_SECRET, codeOfStep(RFC_SECRET, now + offset), at)).toBeNull();
  });

  it('calls a code of a step already used (or earlier) a replay', () => {
    const at = new Date(1234567890 * 1000);
    const now = timeStep(at);
    const code = codeOfStep(RFC_SECRET, now);
    expect(matchCode(RFC_SECRET, code, at, { afterStep: now - 1 })).toEqual({ step: now });
    expect(matchCode(RFC_SECRET, code, at, { afterStep: now })).toEqual({ replayed: true });
    expect(matchCode(RFC_SECRET, code, at, { afterStep: now + 1 })).toEqual({ replayed: true });
    expect(matchCode(RFC_SECRET, codeOfStep(RFC_SECRET, now + 1), at, { afterStep: now })).toEqual({
      step: now + 1,
    });
  });

  it('refuses wrong, short and long codes', () => {
    const at = new Date(59_000);
    for (const code of ['000000', '94287', '9428708', '2870822', '', 'abcdef'])
      expect(matchCode(RFC_SECRET, code, at), code).toBeNull();
  });

  it('makes 20-byte secrets, round-trips base32 and writes the otpauth URI apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toHaveLength(20);
    expect(newTotpSecret()).not.toEqual(secret);
    const base32 = toBase32(secret);
    expect(base32).toMatch(/^[A-Z2-7]{32}$/);
    expect(fromBase32(base32.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(secret);
    const uri = new URL(otpauthUri(secret, 'canbo'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Giọt Hồng:canbo');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Giọt Hồng',
      secret: base32,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
