// One ID-card worker thread's task (pool.ts): piscina runs the default export, one task = one
// side. Each thread keeps its own OCR worker (ocr.ts holds one per module instance), created by the
// thread's first task and reused until the pool ends the thread.
import { performance } from 'node:perf_hooks';
import { readSide, type ReadSideResult, type ReadSideTask } from './read-side.ts';

/** Reads the side and adds the time spent reading. */
export default async function run(task: ReadSideTask): Promise<{ result: ReadSideResult; runMs: number }> {
  const started = performance.now();
  const result = await readSide(task);
  return { result, runMs: performance.now() - started };
}
