// The portal as the benchmarks run it: the real start script (`main.ts`) in a process of its own,
// in production mode with the log at `info` (read and dropped, as a log shipper would), no demo
// data and no scheduler, on a free port; a database of its own on the local PostgreSQL; and
// `/healthz` sampled while a section's work runs. Shared by the benchmark sections. It runs the
// sources through tsx, not the bundle production runs (ADR 37): once loaded the code is the same,
// and its CPU profiles name the source files, which cpu-profile-summary.mjs groups by folder. The
// sections about a process's start and first requests run the bundle: the process section
// (bench-process.ts) and the day page's first visit (bench-day.ts).
import { API } from '@giot-hong/contract';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { RENDERER_WARM_UP_DELAY_MS } from '../apps/server/src/modules/ssr/renderer-warm-up.ts';
import { freePort } from '../apps/server/test/server-process.ts';
import { buildServer, serverBuildIsStale, serverEntry, serverNodeArgs } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

export type BenchPortal = { child: ChildProcess; base: string };

/** Starts the portal with `env` (secrets, DATA_DIR, DATABASE_URL…) and waits until it listens. */
export async function startBenchPortal(opts: {
  env: Record<string, string>;
  /** Node's own options before the script (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * The bundle production runs (`apps/server/dist/main.js`, built first when stale) instead of the
   * sources: for figures of a process's first requests, where what is loaded and compiled on first
   * use is what differs (tsx compiles the sources' modules as the process loads them).
   */
  bundle?: boolean;
}): Promise<BenchPortal> {
  if (opts.bundle && serverBuildIsStale()) await buildServer();
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...serverNodeArgs(),
      ...(opts.nodeArgs ?? []),
      ...(opts.bundle ? [serverEntry] : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]),
    ],
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
  // BENCH_PORTAL_LOG=<file>: the portal's log kept there (each request's line gives its `ms`).
  const kept = process.env.BENCH_PORTAL_LOG
    ? createWriteStream(process.env.BENCH_PORTAL_LOG, { flags: 'a' })
    : undefined;
  child.stdout!.on('data', (d: Buffer) => {
    // Request log lines are read and dropped; the banner is kept.
    if (out.length < 10_000) out += d.toString();
    kept?.write(d);
  });
  child.on('exit', () => kept?.end());
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

/**
 * CPU time (ms) used so far by the processes `match` picks, from /proc (Linux): user + system
 * ticks, 100 a second. Undefined where /proc cannot be read.
 */
export function cpuMs(match: (stat: string, pid: string) => boolean): number | undefined {
  try {
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((x) => /^[0-9]+$/.test(x))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      if (!match(stat, pid)) continue;
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10;
  } catch {
    return undefined;
  }
}

/**
 * Waits until a started portal has finished its start's background work (ADR 63: the page renderer
 * loads a second after it listens): until its CPU time grows by less than 20 ms in 250 ms, at most
 * `maxMs`. Returns how long that took. Figures that stand for a running portal — a staff member's
 * first visit with an empty browser cache — are then not the start's.
 */
export async function portalSettled(child: ChildProcess, maxMs = 15_000): Promise<number> {
  const started = performance.now();
  const cpu = () => cpuMs((_stat, pid) => pid === String(child.pid));
  // The renderer's loading starts RENDERER_WARM_UP_DELAY_MS after the portal listens.
  await new Promise((r) => setTimeout(r, RENDERER_WARM_UP_DELAY_MS + 100));
  let before = cpu();
  if (before === undefined) return performance.now() - started;
  while (performance.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpu();
    if (now === undefined || now - before < 20) break;
    before = now;
  }
  return performance.now() - started;
}

/**
 * Stops a portal: SIGTERM (a CPU profile is written on the way out), then SIGKILL after `graceMs`.
 * A portal left running keeps the benchmark's stderr open and its CPU busy for the next section.
 */
export async function stopBenchPortal(child: ChildProcess | undefined, graceMs = 5_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A database of the benchmark's own on the local PostgreSQL, created now and dropped by `drop`. */
export type BenchDatabase = { admin: pg.Client; name: string; url: string; drop(): Promise<void> };

/**
 * Creates it on `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else the local server's `postgres`
 * database; says why not when no PostgreSQL answers (the section is then skipped).
 */
export async function privateBenchDatabase(): Promise<BenchDatabase | { skipped: string }> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `no PostgreSQL reachable at ${new URL(base).host} (${(err as Error).message})` };
  }
  const name = `giothong_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    admin,
    name,
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** /healthz requests per second while a section's work runs. */
// autocannon ships no types: the options and results the sections use.
export type Load = {
  url: string;
  method?: string;
  connections: number;
  duration: number;
  overallRate?: number;
  headers?: Record<string, string>;
  body?: string;
  setupClient?: (client: { setBody(body: string): void }) => void;
};
export type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  '2xx': number;
  non2xx: number;
  errors: number;
};
/** One autocannon run to its end. */
export const runLoad = (opts: Load) =>
  new Promise<LoadResult>((resolve, reject) => {
    autocannon(opts, (err: Error | null, result: LoadResult) => (err ? reject(err) : resolve(result)));
  });

export const HEALTH_RATE = 50;

/** /healthz latencies in ms over a run, and its requests. */
export type HealthSample = { p50: number; p99: number; max: number; requests: number; non2xx: number };

// autocannon ships no types: the part of its result read here.
type AutocannonResult = {
  latency: { p50: number; p99: number; max: number };
  requests: { total: number };
  non2xx: number;
};

/** /healthz at HEALTH_RATE on one connection, for `seconds` or until stopped. */
function healthRun(base: string, seconds: number) {
  const run = autocannon({
    url: `${base}${API.health}`,
    connections: 1,
    overallRate: HEALTH_RATE,
    duration: seconds,
  });
  const done = new Promise<HealthSample>((resolve) =>
    run.on('done', (r: AutocannonResult) =>
      resolve({
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        requests: r.requests.total,
        non2xx: r.non2xx,
      }),
    ),
  );
  return { stop: () => run.stop(), done };
}

/**
 * Runs `work` while /healthz is asked HEALTH_RATE times a second: first 3 s with nothing else to
 * do, for comparison (the machine may be shared), then for as long as `work` takes.
 */
export async function withHealthSampled<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ result: T; health: HealthSample; healthIdleP99: number }> {
  const idle = await healthRun(base, 3).done;
  const during = healthRun(base, 3600);
  try {
    const result = await work();
    during.stop();
    return { result, health: await during.done, healthIdleP99: idle.p99 };
  } finally {
    during.stop();
  }
}

/** The section's /healthz line: latencies against the target, and p99 idle before. */
export function healthLine(health: HealthSample, healthIdleP99: number, targetP99Ms: number): string {
  const ok = health.p99 <= targetP99Ms;
  return (
    `  /healthz meanwhile (${HEALTH_RATE}/s, ${health.requests} requests, ${health.non2xx} not 2xx): ` +
    `p50 ${health.p50} ms, p99 ${health.p99} ms, max ${health.max} ms ` +
    `(target p99 ≤ ${targetP99Ms} ms) ${ok ? 'OK' : 'ABOVE TARGET'}; p99 ${healthIdleP99} ms idle before`
  );
}
