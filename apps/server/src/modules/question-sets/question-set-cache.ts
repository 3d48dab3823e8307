import { CACHE_SAFETY_EXPIRY_MS } from '../../lib/ttl-cache.ts';

/**
 * Question sets as registration reads them, kept in memory per database handle: every booking
 * validates its answers against its campaign's set, which changes only when staff edit a version
 * nobody has answered yet (question-set admin). An edit publishes the change feed's
 * 'question-sets' topic (ADR 35), which clears this cache in every process at once; entries
 * otherwise live until the safety expiry. A booking that still answers replaced questions fails
 * on the answers' foreign key and is told to answer again (registration.service.ts).
 */
/** More sets than any chapter keeps in use; past it the oldest entries go. */
const MAX_ENTRIES = 64;

type Entry<T> = { at: number; value: Promise<T> };
const caches = new WeakMap<object, Map<number, Entry<unknown>>>();

export function questionSetCache(db: object, now: () => number = Date.now) {
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  const map = entries;
  return {
    /** The set `id` from memory, or loaded once by `load` (concurrent callers share the load). */
    get<T>(id: number, load: () => Promise<T>): Promise<T> {
      const hit = map.get(id) as Entry<T> | undefined;
      if (hit && now() - hit.at < CACHE_SAFETY_EXPIRY_MS) return hit.value;
      const value = load();
      map.delete(id);
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
      map.set(id, { at: now(), value });
      // A failed load is not kept.
      value.catch(() => {
        if (map.get(id)?.value === value) map.delete(id);
      });
      return value;
    },
    invalidate() {
      map.clear();
    },
  };
}
