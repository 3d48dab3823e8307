/**
 * A tiny per-process cache for public, read-mostly data (the campaign list, the stock board, the
 * open appeals). It holds its value until `invalidate()`: writes publish a change (lib/change-feed.ts),
 * which invalidates this process at once and, on PostgreSQL, every other process through
 * LISTEN/NOTIFY. `maxAgeMs` is only a safety net for a notification that never arrived (see
 * CACHE_SAFETY_EXPIRY_MS), not the way changes normally reach a process.
 */
export function createTtlCache<T>(maxAgeMs: number, now: () => number = Date.now) {
  let value: T | undefined;
  let expiresAt = 0;
  let pending: Promise<T> | undefined;
  // Bumped by every invalidation: a load that started before it may have read the old data, so
  // its result is returned to its callers but not kept.
  let generation = 0;
  return {
    async get(load: () => Promise<T>): Promise<T> {
      if (value !== undefined && now() < expiresAt) return value;
      // Concurrent misses share one load instead of stampeding the database.
      if (pending) return pending;
      const started = generation;
      const p = load()
        .then((v) => {
          if (generation === started) {
            value = v;
            expiresAt = now() + maxAgeMs;
          }
          return v;
        })
        .finally(() => {
          if (pending === p) pending = undefined;
        });
      pending = p;
      return p;
    },
    invalidate() {
      generation++;
      value = undefined;
      expiresAt = 0;
      // Callers after this point must not share a load that may predate the change.
      pending = undefined;
    },
  };
}

/**
 * How long a cached value may live without any invalidation. Changes reach every process by
 * NOTIFY within milliseconds; this bounds only what LISTEN/NOTIFY cannot promise: a notification
 * whose statement failed after its write had committed (the writer lost the database at that very
 * moment), or a listening connection cut silently (a network partition leaves no closed socket
 * until TCP keepalive notices). Ten minutes keeps such a rare miss from lasting, while the
 * database sees at most one reload per cache per process in that time when nothing changes.
 */
export const CACHE_SAFETY_EXPIRY_MS = 10 * 60_000;
