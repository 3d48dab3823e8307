// The process itself (issue 33), part of `npm run bench`; alone, without the web build:
// `BENCH_ONLY=process npx tsx scripts/bench.ts`. The server as `npm start` runs it (the bundle,
// `node apps/server/dist/main.js`, built first when stale; development mode, demo data) is started
// in a process of its own and timed from the spawn to its first `/readyz` 200:
// - the first start on an empty data directory (migrations, demo data): peak RSS (VmHWM);
// - warm starts on the same directory: time to ready, then RSS once a few pages were asked and
//   the process was left idle;
// each on the embedded database and on PostgreSQL (a private database on the local server). Beside
// them, a bare Fastify hello-world (scripts/bench-bare.mjs) started the same way, in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/test/server-process.ts';
import { cpuMs, privateBenchDatabase } from './bench-portal.ts';
import { buildServer, serverBuildIsStale, serverEntry, serverNodeArgs } from './build-server.mjs';

export const PROCESS_TARGETS = {
  warmStartMs: 1_000,
  idleRssMb: { pglite: 320, postgres: 150 },
  firstStartPeakMb: 500,
} as const;
const WARM_STARTS = 3;
/** Pages asked once the process is ready, before it is left idle. */
const PAGES = ['/', '/api/campaigns', '/tin-tuc', '/healthz'];
const IDLE_MS = 3_000;

type Sample = {
  readyMs: number;
  /**
   * The process's CPU time (user + system, all its threads) from its spawn to its first /readyz:
   * what a loaded machine changes least, where the wall time to ready says little.
   */
  readyCpuMs: number;
  idleRssMb: number;
  peakMb: number;
  /** The highest peak RSS of a process the server started while starting (0: none). */
  childPeakMb: number;
};
export type ProcessBench = {
  bare: Sample[];
  pglite: { first: Sample; warm: Sample[] };
  postgres: { first: Sample; warm: Sample[] } | { skipped: string };
};

const root = path.resolve(import.meta.dirname, '..');

/** VmRSS and VmHWM (the peak) of a running process, in MB (Linux /proc). */
function memoryMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The processes `pid` started, and theirs (Linux /proc). */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((c) => [c, ...descendants(c)]);
}

/** Starts `args`, times it to its first /readyz 200, asks PAGES, idles, measures, and stops it. */
async function measureStart(args: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  // A process the server starts on its way (the embedded database's creation) is read while it
  // runs: its peak is the last one read before it ends.
  const childPeaks = new Map<number, number>();
  try {
    for (;;) {
      for (const pid of descendants(child.pid!)) {
        try {
          childPeaks.set(pid, memoryMb(pid).peak);
        } catch {
          // ended meanwhile
        }
      }
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    const readyCpuMs = cpuMs((_stat, pid) => pid === String(child.pid)) ?? NaN;
    for (const page of PAGES) await (await fetch(`${base}${page}`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const { rss, peak } = memoryMb(child.pid!);
    return {
      readyMs,
      readyCpuMs,
      idleRssMb: rss,
      peakMb: peak,
      childPeakMb: Math.max(0, ...childPeaks.values()),
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function firstAndWarm(env: NodeJS.ProcessEnv) {
  // As `npm start` runs it: with the server's own Node options.
  const args = [...serverNodeArgs(), serverEntry];
  const first = await measureStart(args, env);
  const warm: Sample[] = [];
  for (let i = 0; i < WARM_STARTS; i++) warm.push(await measureStart(args, env));
  return { first, warm };
}

export async function benchProcess(): Promise<ProcessBench> {
  if (serverBuildIsStale()) await buildServer();
  const work = mkdtempSync(path.join(tmpdir(), 'giothong-bench-process-'));
  // As on a fresh clone: development mode, demo data, no mail server (the outbox).
  const portalEnv = { NODE_ENV: 'development', SMTP_URL: '', LOG_LEVEL: 'info' };
  try {
    const bare: Sample[] = [];
    for (let i = 0; i < WARM_STARTS; i++)
      bare.push(await measureStart([path.join(root, 'scripts/bench-bare.mjs')], {}));
    const pglite = await firstAndWarm({ ...portalEnv, DATA_DIR: path.join(work, 'pglite') });
    const made = await privateBenchDatabase();
    let postgres: ProcessBench['postgres'];
    if ('skipped' in made) postgres = made;
    else {
      try {
        postgres = await firstAndWarm({
          ...portalEnv,
          DATA_DIR: path.join(work, 'postgres'),
          DATABASE_URL: made.url,
        });
      } finally {
        await made.drop();
      }
    }
    return { bare, pglite, postgres };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function printProcessBench(b: ProcessBench): boolean {
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const verdict = (ok: boolean) => (ok ? 'OK' : 'ABOVE TARGET');
  const bareReady = median(b.bare.map((x) => x.readyMs));
  const bareRss = median(b.bare.map((x) => x.idleRssMb));
  const bareCpu = median(b.bare.map((x) => x.readyCpuMs));
  console.log(
    `\nThe process (node ${[...serverNodeArgs(), path.relative(root, serverEntry)].join(' ')}, development mode with demo data; ` +
      `${WARM_STARTS} warm starts, medians; idle = after ${PAGES.join(' ')} and ${IDLE_MS / 1000} s; ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} at the end):`,
  );
  console.log(
    `  bare Fastify hello-world: ready in ${s(bareReady)} (${b.bare.map((x) => s(x.readyMs)).join(', ')}), CPU to ready ${s(bareCpu)}, idle RSS ${mb(bareRss)}`,
  );
  let ok = true;
  const kinds = [
    ['embedded database', b.pglite, PROCESS_TARGETS.idleRssMb.pglite],
    ['PostgreSQL', b.postgres, PROCESS_TARGETS.idleRssMb.postgres],
  ] as const;
  for (const [label, r, rssTarget] of kinds) {
    if ('skipped' in r) {
      console.log(`  ${label}: skipped (${r.skipped})`);
      continue;
    }
    const ready = median(r.warm.map((x) => x.readyMs));
    const rss = median(r.warm.map((x) => x.idleRssMb));
    const readyOk = ready <= PROCESS_TARGETS.warmStartMs;
    const rssOk = rss <= rssTarget;
    // The server and the process it started: counted together, as if both peaked at once.
    const firstPeak = r.first.peakMb + r.first.childPeakMb;
    const peakOk = firstPeak <= PROCESS_TARGETS.firstStartPeakMb;
    ok &&= readyOk && rssOk && peakOk;
    console.log(`  ${label}:`);
    console.log(
      `    warm start to /readyz ${s(ready)} (${r.warm.map((x) => s(x.readyMs)).join(', ')}; ${(ready / bareReady).toFixed(1)}× the bare process; target ≤ ${s(PROCESS_TARGETS.warmStartMs)}) ${verdict(readyOk)}`,
    );
    const cpu = median(r.warm.map((x) => x.readyCpuMs));
    console.log(
      `    CPU to /readyz ${s(cpu)} (${r.warm.map((x) => s(x.readyCpuMs)).join(', ')}; ${(cpu / bareCpu).toFixed(1)}× the bare process's)`,
    );
    console.log(
      `    idle RSS ${mb(rss)} (${r.warm.map((x) => mb(x.idleRssMb)).join(', ')}; bare ${mb(bareRss)}; target ≤ ${mb(rssTarget)}) ${verdict(rssOk)}`,
    );
    console.log(
      `    first start (empty database: migrations, demo data) ready in ${s(r.first.readyMs)}, peak RSS ${mb(firstPeak)}` +
        (r.first.childPeakMb
          ? ` (server ${mb(r.first.peakMb)} + the process creating the database ${mb(r.first.childPeakMb)})`
          : '') +
        ` (target ≤ ${mb(PROCESS_TARGETS.firstStartPeakMb)}) ${verdict(peakOk)}; idle RSS after it ${mb(r.first.idleRssMb)}`,
    );
  }
  return ok;
}
