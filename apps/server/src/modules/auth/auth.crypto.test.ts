import { describe, expect, it } from 'vitest';
import { hashPassword, hashSlots, verifyPassword } from './auth.crypto.ts';

describe('password hashing', () => {
  it('runs at most one argon2id computation per core at a time, off the event loop, and loses none', async () => {
    const hash = await hashPassword('Mật khẩu đúng 1');
    const { max } = hashSlots();
    const total = max * 3 + 1;
    let most = 0;
    let ticks = 0;
    // The event loop keeps turning while the hashes run on the thread pool.
    const sampler = setInterval(() => {
      ticks++;
      most = Math.max(most, hashSlots().running);
    }, 1);
    const results = await Promise.all(
      Array.from({ length: total }, (_, i) => verifyPassword(hash, i % 2 ? 'Mật khẩu đúng 1' : 'sai')),
    );
    clearInterval(sampler);
    expect(results).toEqual(Array.from({ length: total }, (_, i) => i % 2 === 1));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(max);
    expect(ticks).toBeGreaterThan(total);
    expect(hashSlots().running).toBe(0);
  });

  it('frees its slot when a computation fails', async () => {
    expect(await verifyPassword('not a PHC string', 'x')).toBe(false);
    expect(hashSlots().running).toBe(0);
    expect(await verifyPassword(await hashPassword('abc12345'), 'abc12345')).toBe(true);
  });
});
