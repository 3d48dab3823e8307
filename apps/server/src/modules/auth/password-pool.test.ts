import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPasswordPool, HASHING_NICE_INCREMENT, type PasswordPool } from './password-pool.ts';

const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Nice value of each thread of this process, by thread id (Linux: /proc/self/task/<tid>/stat). */
function threadNices(): Map<string, number> {
  const nices = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the command name in parentheses: state is field 3, nice field 19 (proc(5)).
      nices.set(tid, Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return nices;
}

// Real worker threads running the real argon2id binding.
describe('the password-hashing pool', () => {
  let pool: PasswordPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('hashes with the parameters given and verifies right and wrong passwords', async () => {
    pool = createPasswordPool({ threads: 2 });
    expect(pool.stats()).toEqual({ threads: 0, pending: 0 });
    const hash = await pool.hash('Mật khẩu đúng 1', OPTIONS);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(pool.stats().threads).toBe(2);
    expect(await pool.verify(hash, 'Mật khẩu đúng 1')).toBe(true);
    expect(await pool.verify(hash, 'Mật khẩu đúng 2')).toBe(false);
  });

  it('runs many at once on its threads, keeps the event loop free and loses none', async () => {
    pool = createPasswordPool({ threads: 2 });
    const hash = await pool.hash('abc12345', OPTIONS);
    const total = 9;
    let ticks = 0;
    const sampler = setInterval(() => ticks++, 1);
    const checks = Array.from({ length: total }, (_, i) => pool!.verify(hash, i % 2 ? 'abc12345' : 'sai'));
    expect(pool.stats().pending).toBe(total);
    const results = await Promise.all(checks);
    clearInterval(sampler);
    expect(results).toEqual(Array.from({ length: total }, (_, i) => i % 2 === 1));
    expect(ticks).toBeGreaterThan(total);
    expect(pool.stats()).toEqual({ threads: 2, pending: 0 });
  });

  it('rejects a hash it cannot read, and goes on working', async () => {
    pool = createPasswordPool({ threads: 1 });
    await expect(pool.verify('not a PHC string', 'x')).rejects.toThrow();
    expect(pool.stats().pending).toBe(0);
    expect(await pool.verify(await pool.hash('abc12345', OPTIONS), 'abc12345')).toBe(true);
  });

  it('ends its threads on close and refuses work afterwards', async () => {
    pool = createPasswordPool({ threads: 1 });
    const hash = await pool.hash('abc12345', OPTIONS);
    await pool.close();
    expect(pool.stats().threads).toBe(0);
    await expect(pool.verify(hash, 'abc12345')).rejects.toThrow('password pool closed');
    await expect(pool.hash('abc12345', OPTIONS)).rejects.toThrow('password pool closed');
  });

  it.runIf(process.platform === 'linux')('hashes in threads niced below the request thread', async () => {
    const before = threadNices();
    pool = createPasswordPool({ threads: 2 });
    await pool.hash('abc12345', OPTIONS);
    // Each thread lowers its own priority as it starts: the one that did not hash may not have yet
    // (a busy machine), so the test waits for both, at most 10 s.
    await vi.waitFor(
      () => {
        const started = [...threadNices()].filter(([tid]) => !before.has(tid));
        expect(started.filter(([, nice]) => nice === HASHING_NICE_INCREMENT)).toHaveLength(2);
      },
      { timeout: 10_000, interval: 50 },
    );
    // This thread (the request thread in the server) keeps its own priority.
    expect(threadNices().get(String(process.pid))).toBe(0);
  });
});
