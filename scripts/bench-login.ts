// Logins (issue 33, section 2), part of `npm run bench`; alone: `BENCH_ONLY=login npx tsx scripts/bench.ts`.
// The portal in its own process as production runs it (scripts/bench-portal.ts), on the embedded
// database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on a private PostgreSQL
// database too. 16 connections log 64 accounts in over and over (POST /auth/login) while /healthz
// is asked 50 times a second; beside it, in the same round, the raw argon2id verify rate of this
// machine (@node-rs/argon2 in this process, as many verifications in flight as the libuv pool
// runs at once, nothing else running). The logins per second of the portal over that rate is the
// ratio. The rounds alternate the two sides, and the medians are reported.
//
// Fairness: the raw rate has both cores to itself, while during the logins the load generator
// (autocannon, in this process) takes its share of the same cores. The target is read on the
// plain ratio all the same (the stricter reading); beside it, the ratio against the raw rate
// scaled to the CPU the load generator left (its CPU per login is measured, from this process's
// own CPU time), which is what the portal could reach if the load came from another machine.
import { API } from '@giot-hong/contract';
import { verify as argonVerify } from '@node-rs/argon2';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenDatabaseOptions } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/modules/auth/auth.crypto.ts';
import { processSecrets } from '../apps/server/test/server-process.ts';
import { cpuMs } from './bench-portal.ts';
import { privateBenchDatabase, runLoad as run, startBenchPortal, type Load } from './bench-portal.ts';

export const LOGIN_TARGETS = { ratio: 0.8, healthP99Ms: 50 } as const;
const ACCOUNTS = 64;
const PASSWORD = 'Bench@Password26';
const CONNECTIONS = 16;
const ROUNDS = 3;
const ROUND_SECONDS = 4;
/** /healthz requests per second during the logins. */
const HEALTH_RATE = 50;

type Round = {
  raw: number;
  /** CPU milliseconds per raw verification (this process's, while the raw loop ran alone in it). */
  rawCpuMs: number;
  logins: number;
  loginP99: number;
  healthP99: number;
  /** CPU milliseconds per login: the portal's process, and this one (the load generator). */
  portalCpuMs?: number;
  /** Of the portal's: its request thread (the event loop: HTTP, the statements on PGlite, the token). */
  requestThreadCpuMs?: number;
  /** What held the portal's event loop during the round (bench-portal-probe.mjs). */
  probe?: Probe;
  loadCpuMs: number;
  ok: number;
  failed: number;
};
type Probe = {
  loopDelayMs: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number; majorCount: number; majorMs: number };
};
type DatabaseRun = {
  database: 'embedded' | 'PostgreSQL';
  rounds: Round[];
  ratio: number;
  /** The ratio against the raw rate on the CPU the load generator left. */
  ratioBesideLoad: number;
  healthP99: number;
  healthIdleP99: number;
  ok: number;
  failed: number;
  /** Statements (transactions) per login on PostgreSQL, from pg_stat_database. */
  statementsPerLogin?: number;
};
export type LoginBench = {
  cores: number;
  load: number[];
  runs: (DatabaseRun | { database: string; skipped: string })[];
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** CPU time (ms) of the portal's request thread (the thread whose id is the process's), from /proc. */
function requestThreadCpuMs(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Asks the portal's probe for what it saw since it was last asked (and to start again). */
async function readProbe(child: ChildProcess, file: string): Promise<Probe | undefined> {
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 20) {
    const now = lines();
    if (now.length > before) return JSON.parse(now[now.length - 1]!) as Probe;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * argon2id verifications per second with as many in flight as the libuv pool runs at once, and
 * the CPU each took (this process does nothing else meanwhile).
 */
async function rawVerifyRate(passwordHash: string, seconds: number) {
  const cpuBefore = ownCpuMs();
  const parallel = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const until = Date.now() + seconds * 1000;
  let count = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (Date.now() < until) {
        await argonVerify(passwordHash, PASSWORD);
        count++;
      }
    }),
  );
  return {
    rate: count / ((Date.now() - started) / 1000),
    cpuMs: (ownCpuMs() - cpuBefore) / Math.max(1, count),
  };
}

/** The login accounts, written before the portal opens the database. */
async function seedAccounts(config: OpenDatabaseOptions, passwordHash: string) {
  const database = await openDatabase(config);
  await database.migrate();
  const now = new Date();
  await database.db.insert(users).values(
    Array.from({ length: ACCOUNTS }, (_, i) => ({
      username: `bench${i}`,
      email: `bench${i}@bench.test`,
      passwordHash,
      emailVerifiedAt: now,
    })),
  );
  await database.close();
}

async function benchOne(
  database: DatabaseRun['database'],
  passwordHash: string,
  env: Record<string, string>,
  statements?: () => Promise<number>,
): Promise<DatabaseRun> {
  let child: ChildProcess | undefined;
  const probeDir = mkdtempSync(path.join(tmpdir(), 'giothong-bench-probe-'));
  const probeFile = path.join(probeDir, 'probe.jsonl');
  try {
    const portal = await startBenchPortal({
      // Enough login failures allowed that the benchmark's many logins from one address pass.
      env: { RATE_LIMIT_SCALE: '1000', ...processSecrets(), ...env, BENCH_PROBE_FILE: probeFile },
      nodeArgs: [
        // The event loop's delay and the garbage collector's pauses, read round by round.
        '--import',
        path.join(import.meta.dirname, 'bench-portal-probe.mjs'),
        // BENCH_CPU_PROF=<dir> writes the portal's CPU profiles there (summary: cpu-profile-summary.mjs).
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []),
      ],
    });
    child = portal.child;
    const portalPid = String(child.pid);
    let nextAccount = 0;
    const loginLoad = (duration: number): Load => ({
      url: `${portal.base}${API.authLogin}`,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      headers: { 'content-type': 'application/json' },
      // Each connection logs one of the accounts in, over and over.
      setupClient: (client) => {
        const i = nextAccount++ % ACCOUNTS;
        client.setBody(JSON.stringify({ username: `bench${i}`, password: PASSWORD }));
      },
    });
    await run(loginLoad(2)); // warm-up
    const healthIdle = await run({
      url: `${portal.base}${API.health}`,
      connections: 1,
      duration: 3,
      overallRate: HEALTH_RATE,
    });
    const statementsBefore = await statements?.();
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { rate: raw, cpuMs: rawCpuMs } = await rawVerifyRate(passwordHash, ROUND_SECONDS);
      await readProbe(child, probeFile);
      const portalBefore = cpuMs((_stat, pid) => pid === portalPid);
      const threadBefore = requestThreadCpuMs(portalPid);
      const ownBefore = ownCpuMs();
      const [login, health] = await Promise.all([
        run(loginLoad(ROUND_SECONDS)),
        run({
          url: `${portal.base}${API.health}`,
          connections: 1,
          duration: ROUND_SECONDS,
          overallRate: HEALTH_RATE,
        }),
      ]);
      const portalAfter = cpuMs((_stat, pid) => pid === portalPid);
      const threadAfter = requestThreadCpuMs(portalPid);
      const ownAfter = ownCpuMs();
      const probe = await readProbe(child, probeFile);
      const n = Math.max(1, login.requests.total);
      rounds.push({
        raw,
        rawCpuMs,
        logins: login.requests.average,
        loginP99: login.latency.p99,
        // No answer at all within the round is no latency, not a good one.
        healthP99: health['2xx'] > 0 ? health.latency.p99 : Number.POSITIVE_INFINITY,
        portalCpuMs:
          portalBefore === undefined || portalAfter === undefined
            ? undefined
            : (portalAfter - portalBefore) / n,
        requestThreadCpuMs:
          threadBefore === undefined || threadAfter === undefined
            ? undefined
            : (threadAfter - threadBefore) / n,
        probe,
        loadCpuMs: (ownAfter - ownBefore) / n,
        ok: login['2xx'],
        failed: login.non2xx + login.errors + health.non2xx + health.errors,
      });
    }
    const statementsAfter = await statements?.();
    const ok = rounds.reduce((s, r) => s + r.ok, 0);
    return {
      database,
      rounds,
      ratio: median(rounds.map((r) => r.logins / r.raw)),
      ratioBesideLoad: median(
        rounds.map((r) => {
          // The share of the machine's CPU the load generator took while the logins ran.
          const loadShare = (r.loadCpuMs * r.logins) / (availableParallelism() * 1000);
          return r.logins / (r.raw * (1 - loadShare));
        }),
      ),
      healthP99: median(rounds.map((r) => r.healthP99)),
      healthIdleP99: healthIdle.latency.p99,
      ok,
      failed: rounds.reduce((s, r) => s + r.failed, 0),
      statementsPerLogin:
        statementsBefore === undefined || statementsAfter === undefined
          ? undefined
          : // The /healthz requests do not reach the database.
            (statementsAfter - statementsBefore) / Math.max(1, ok),
    };
  } finally {
    // Stopped, not killed, so that a CPU profile (BENCH_CPU_PROF) is written on the way out.
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill('SIGKILL');
    }
    rmSync(probeDir, { recursive: true, force: true });
  }
}

export async function benchLogins(): Promise<LoginBench> {
  const passwordHash = await hashPassword(PASSWORD);
  await rawVerifyRate(passwordHash, 1); // warm-up
  const runs: LoginBench['runs'] = [];

  const work = mkdtempSync(path.join(tmpdir(), 'giothong-bench-login-'));
  try {
    await seedAccounts({ kind: 'pglite', dataDir: path.join(work, 'db') }, passwordHash);
    runs.push(await benchOne('embedded', passwordHash, { DATA_DIR: work }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    runs.push({ database: 'PostgreSQL', skipped: 'neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set' });
  } else {
    const made = await privateBenchDatabase();
    if ('skipped' in made) runs.push({ database: 'PostgreSQL', skipped: made.skipped });
    else {
      const pgWork = mkdtempSync(path.join(tmpdir(), 'giothong-bench-login-'));
      try {
        await seedAccounts({ kind: 'postgres', url: made.url, poolSize: 2 }, passwordHash);
        const statements = async () => {
          // pg_stat_database is updated when a backend reports; good enough as a per-login average.
          await made.admin.query('select pg_stat_force_next_flush()').catch(() => undefined);
          const r = await made.admin.query<{ n: string }>(
            'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1',
            [made.name],
          );
          return Number(r.rows[0]?.n ?? 0);
        };
        runs.push(
          await benchOne(
            'PostgreSQL',
            passwordHash,
            { DATA_DIR: pgWork, DATABASE_URL: made.url },
            statements,
          ),
        );
      } finally {
        await made.drop();
        rmSync(pgWork, { recursive: true, force: true });
      }
    }
  }
  return { cores: availableParallelism(), load: loadavg(), runs };
}

/** Prints the section; true when both targets are met on every database measured and no login failed. */
export function printLoginBench(b: LoginBench): boolean {
  const verdict = (ok: boolean) => (ok ? 'OK' : 'BELOW TARGET');
  console.log(
    `\nLogins (POST ${API.authLogin}, ${CONNECTIONS} connections, ${ACCOUNTS} accounts, /healthz at ${HEALTH_RATE}/s meanwhile; ` +
      `${ROUNDS} rounds of ${ROUND_SECONDS} s per side; ${b.cores} cores, load average ${b.load.map((x) => x.toFixed(2)).join(' ')} at the end):`,
  );
  let allOk = true;
  for (const r of b.runs) {
    if ('skipped' in r) {
      console.log(`  ${r.database}: skipped (${r.skipped})`);
      continue;
    }
    console.log(`  ${r.database} database:`);
    for (const p of r.rounds)
      console.log(
        `    raw argon2id verify ${p.raw.toFixed(0).padStart(4)} /s   logins ${p.logins.toFixed(0).padStart(4)} /s   ratio ${(p.logins / p.raw).toFixed(2)}` +
          `   login p99 ${p.loginP99} ms   /healthz p99 ${String(p.healthP99).padStart(3)} ms` +
          // One verification costs the machine's cores ÷ the raw rate; the rest of a login is everything else.
          (p.portalCpuMs === undefined ? '' : `   CPU per login: portal ${p.portalCpuMs.toFixed(1)} ms`) +
          (p.requestThreadCpuMs === undefined || p.portalCpuMs === undefined
            ? ''
            : ` (request thread ${p.requestThreadCpuMs.toFixed(1)} ms, other threads ${(p.portalCpuMs - p.requestThreadCpuMs).toFixed(1)} ms)`) +
          `, load generator ${p.loadCpuMs.toFixed(1)} ms (argon2id ≈ ${((b.cores * 1000) / p.raw).toFixed(1)} ms of the machine, ` +
          `${p.rawCpuMs.toFixed(1)} ms of CPU per raw verification)` +
          (p.probe
            ? `   event loop delay p99 ${p.probe.loopDelayMs.p99} ms, max ${p.probe.loopDelayMs.max} ms; ` +
              `GC ${p.probe.gc.count} pauses, ${p.probe.gc.totalMs} ms (${p.probe.gc.majorCount} major, ${p.probe.gc.majorMs} ms), longest ${p.probe.gc.maxMs} ms`
            : ''),
      );
    const ratioOk = r.ratio >= LOGIN_TARGETS.ratio;
    const healthOk = r.healthP99 <= LOGIN_TARGETS.healthP99Ms;
    allOk &&= ratioOk && healthOk && r.failed === 0;
    console.log(
      `    median ratio login/raw ${r.ratio.toFixed(2)} (target ≥ ${LOGIN_TARGETS.ratio}) ${verdict(ratioOk)}; ` +
        `${r.ratioBesideLoad.toFixed(2)} against the raw rate on the CPU the load generator left; ` +
        `${r.ok} logins answered 2xx, ${r.failed} requests not` +
        (r.statementsPerLogin === undefined
          ? ''
          : `; ${r.statementsPerLogin.toFixed(1)} statements per login`),
    );
    console.log(
      `    median /healthz p99 during the logins ${r.healthP99} ms (target ≤ ${LOGIN_TARGETS.healthP99Ms} ms) ${healthOk ? 'OK' : 'ABOVE TARGET'}; ` +
        `${r.healthIdleP99} ms idle before`,
    );
  }
  return allOk;
}
