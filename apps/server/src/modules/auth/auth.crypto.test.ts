import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { hashPassword, passwordPoolStats, verifyPassword } from './auth.crypto.ts';

describe('password hashing', () => {
  it('runs argon2id in the hashing pool, one thread per core, and loses none', async () => {
    const hash = await hashPassword('Mật khẩu đúng 1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const total = 7;
    const results = await Promise.all(
      Array.from({ length: total }, (_, i) => verifyPassword(hash, i % 2 ? 'Mật khẩu đúng 1' : 'sai')),
    );
    expect(results).toEqual(Array.from({ length: total }, (_, i) => i % 2 === 1));
    expect(passwordPoolStats()).toEqual({ threads: availableParallelism(), pending: 0 });
  });

  it('verifies the password as the login form sends it (trimmed) against the one signed up with', async () => {
    expect(await verifyPassword(await hashPassword(' abc12345 '), 'abc12345')).toBe(true);
  });

  it('answers false for a hash it cannot read, and goes on working', async () => {
    expect(await verifyPassword('not a PHC string', 'x')).toBe(false);
    expect(passwordPoolStats().pending).toBe(0);
    expect(await verifyPassword(await hashPassword('abc12345'), 'abc12345')).toBe(true);
  });
});
