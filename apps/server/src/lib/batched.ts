/** The most keys one call of a batch's `run` gets by default. */
export const BATCH_MAX = 100;

/**
 * One statement for many requests' look-ups of one kind (ADR 65). Every authenticated request
 * reads its login, and every booking writes a notification: under a rush each was a statement of
 * its own, and statements were most of what a booking cost the database and the portal.
 *
 * `batched(run)` returns a function of one key. A call made while no batch of its kind is on its
 * way starts one at once, with its key alone: an idle portal waits for nothing. Calls made while
 * one is on its way wait for it and then go together, in one call of `run` (those beyond `max`
 * go in the batches after). So a batch always starts after every call in it was made,
 * and reads what was committed by then, as each call's own statement would have.
 *
 * At most `max` keys go in one call of `run`: `BATCH_MAX` unless said otherwise, far below
 * PostgreSQL's limits and as many requests as arrive together.
 *
 * `run` answers each key at its position. When it fails, every call of that batch fails with its
 * error: a batch whose one bad key should not fail the others is `run`'s own to split.
 */
export function batched<K, V>(
  run: (keys: readonly K[]) => Promise<readonly V[]>,
  opts: { max: number } = { max: BATCH_MAX },
): (key: K) => Promise<V> {
  type Waiting = { key: K; resolve: (value: V) => void; reject: (err: unknown) => void };
  let queue: Waiting[] = [];
  let busy = false;

  async function drain() {
    busy = true;
    while (queue.length > 0) {
      const batch = queue.length <= opts.max ? queue : queue.slice(0, opts.max);
      queue = batch === queue ? [] : queue.slice(opts.max);
      try {
        const values = await run(batch.map((w) => w.key));
        if (values.length !== batch.length)
          throw new Error(`batched: ${values.length} answers for ${batch.length} keys`);
        batch.forEach((w, i) => w.resolve(values[i] as V));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    busy = false;
  }

  return (key: K) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (!busy) void drain();
    });
}
