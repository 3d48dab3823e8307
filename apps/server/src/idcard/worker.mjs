// The entry of one ID-card worker thread (pool.ts) when the server runs from its sources. Plain
// JavaScript because a worker thread starts without the TypeScript loader of its parent when the
// parent is vitest, and with it when the parent is `node --import tsx`: registering tsx here works
// in both (a second registration is harmless). The server bundled ahead of time runs
// worker-task.ts bundled instead (dist/idcard-worker.js), without tsx.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./worker-task.ts');

export default run;
