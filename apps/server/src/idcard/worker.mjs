// The entry of one ID-card worker thread (pool.ts). Plain JavaScript because a worker thread
// starts without the TypeScript loader of its parent when the parent is vitest, and with it when
// the parent is `node --import tsx`: registering tsx here works in both (a second registration is
// harmless). A server bundled ahead of time replaces this one file with the bundled pipeline.
//
// Each thread keeps its own OCR worker (ocr.ts holds one per module instance), created by the
// thread's first task and reused until the pool ends the thread.
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const { readSide } = await import('./read-side.ts');

/** Piscina runs the default export: one task = one side. It adds the time spent reading. */
export default async function run(task) {
  const started = performance.now();
  const result = await readSide(task);
  return { result, runMs: performance.now() - started };
}
