import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

/** A load the test finishes by hand, to order it against an invalidation. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// No database: the cache's own rules (lib/ttl-cache.ts, ADR 35).
describe('the per-process cache', () => {
  it('keeps a value until invalidated, then loads again', async () => {
    let loads = 0;
    const cache = createTtlCache<number>(60_000);
    const load = async () => ++loads;
    expect(await cache.get(load)).toBe(1);
    expect(await cache.get(load)).toBe(1);
    cache.invalidate();
    expect(await cache.get(load)).toBe(2);
  });

  it('does not keep a load that started before an invalidation (it may hold the old data)', async () => {
    const cache = createTtlCache<string>(60_000);
    const old = deferred<string>();
    const first = cache.get(() => old.promise);
    // A change arrives while the first load is still reading.
    cache.invalidate();
    const fresh = cache.get(async () => 'mới');
    old.resolve('cũ');
    expect(await first).toBe('cũ');
    expect(await fresh).toBe('mới');
    expect(await cache.get(async () => 'lần nữa')).toBe('mới');
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = createTtlCache<number>(60_000);
    const gate = deferred<void>();
    const load = async () => {
      await gate.promise;
      return ++loads;
    };
    const both = Promise.all([cache.get(load), cache.get(load)]);
    gate.resolve();
    expect(await both).toEqual([1, 1]);
  });

  it('expires after its safety age without any invalidation', async () => {
    let now = 0;
    let loads = 0;
    const cache = createTtlCache<number>(1_000, () => now);
    const load = async () => ++loads;
    expect(await cache.get(load)).toBe(1);
    now = 999;
    expect(await cache.get(load)).toBe(1);
    now = 1_000;
    expect(await cache.get(load)).toBe(2);
  });
});
