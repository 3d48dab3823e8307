// The portal as the benchmarks run it: the real start script (`main.ts`) in a process of its own,
// in production mode with the log at `info` (read and dropped, as a log shipper would), no demo
// data and no scheduler, on a free port. Shared by bench-bookings.ts and bench-idcard.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../apps/server/test/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');

export type BenchPortal = { child: ChildProcess; base: string };

/** Starts the portal with `env` (secrets, DATA_DIR, DATABASE_URL…) and waits until it listens. */
export async function startBenchPortal(opts: {
  env: Record<string, string>;
  /** Node's own options before the script (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<BenchPortal> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_DEMO_DATA: 'false',
        MAIL_MODE: 'outbox',
        SCHEDULER_ENABLED: 'false',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    // Request log lines are read and dropped; the banner is kept.
    if (out.length < 10_000) out += d.toString();
  });
  const started = Date.now();
  while (!out.includes('đang chạy tại')) {
    if (child.exitCode !== null || Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`portal did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base: `http://127.0.0.1:${port}` };
}
