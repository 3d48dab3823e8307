/**
 * A tiny per-process cache for public, read-mostly data (the campaign list). Entries expire
 * after `ttlMs`, so several processes behind a load balancer converge within that time;
 * writes in this process call `invalidate()` to be visible at once here.
 */
export function createTtlCache<T>(ttlMs: number, now: () => number = Date.now) {
  let value: T | undefined;
  let expiresAt = 0;
  let pending: Promise<T> | undefined;
  return {
    async get(load: () => Promise<T>): Promise<T> {
      if (value !== undefined && now() < expiresAt) return value;
      // Concurrent misses share one load instead of stampeding the database.
      pending ??= load()
        .then((v) => {
          value = v;
          expiresAt = now() + ttlMs;
          return v;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate() {
      value = undefined;
      expiresAt = 0;
    },
  };
}
