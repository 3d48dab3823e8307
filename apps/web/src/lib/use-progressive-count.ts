import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to draw now: `batch` at first, then `batch` more in each of
 * the following tasks until all are, each batch a render and commit of its own. A long list mounted
 * at once is one commit that the browser cannot interrupt (a page of 50 donor cards: about 25 ms
 * of a normal CPU, four times that on a phone); in batches, no task is long and a tap or a key in
 * between is answered at once (the batches are transitions: React puts them after it). Starts again
 * at `batch` when `restartKey` changes (another page of the list); data that changes under the same
 * key (a row updated) keeps everything drawn.
 */
export function useProgressiveCount(total: number, batch: number, restartKey: unknown): number {
  const [drawn, setDrawn] = useState({ key: restartKey, count: batch });
  let count = drawn.count;
  if (drawn.key !== restartKey) {
    // Adjusted while rendering (React's pattern for state derived from a prop): the new page's
    // first render is already its first batch, not the old count.
    count = batch;
    setDrawn({ key: restartKey, count });
  }
  useEffect(() => {
    if (count >= total) return;
    const id = setTimeout(
      () => startTransition(() => setDrawn((d) => ({ ...d, count: d.count + batch }))),
      0,
    );
    return () => clearTimeout(id);
  }, [count, total, batch]);
  return Math.min(count, total);
}
