// Loads node-postgres. On Node 20 its first load cost about 100 ms of a start: pg asks at load
// whether it runs in a Cloudflare Worker, and where the runtime has no `navigator` (Node 20; Node
// 21 and later have one) it finds out by building a web `Response`, which makes Node load its
// whole fetch implementation (undici). Node 22's answer is given for the length of the load.
import type pg from 'pg';

let loading: Promise<typeof pg> | undefined;

/** node-postgres, loaded once; drizzle's node-postgres modules, imported after, find it loaded. */
export function loadPg(): Promise<typeof pg> {
  loading ??= (async () => {
    const g = globalThis as { navigator?: unknown };
    const lent = g.navigator === undefined;
    if (lent) g.navigator = { userAgent: `Node.js/${process.versions.node.split('.')[0]}` };
    try {
      return (await import('pg')).default;
    } finally {
      if (lent) delete g.navigator;
    }
  })();
  return loading;
}
