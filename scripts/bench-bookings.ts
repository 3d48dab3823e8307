// Booking throughput on PostgreSQL (issue 16, item 4), part of `npm run bench`; alone:
// `npx tsx scripts/bench-bookings.ts`. A private database on the local PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://127.0.0.1:5432/postgres), the
// portal in its own process as production runs it, donors seeded straight into the database,
// 64 connections booking `POST /answer` with the full questionnaire, then an audit: every
// acknowledged booking stored once with its answers, campaign counts exact.
import { API } from '@giot-hong/contract';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { processSecrets } from '../apps/server/test/server-process.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';
import { auditBookings, runBookingClients, seedBookingLoad } from '../apps/server/test/booking-load.ts';
import { bareCycles, portalCycles, type CycleOutcome } from './bench-booking-cycle.ts';
import { cpuMs, privateBenchDatabase, startBenchPortal } from './bench-portal.ts';

export const BOOKING_TARGETS = { perSecond: 1_000, p99Ms: 100 } as const;
const CONNECTIONS = 64;
const CAMPAIGNS = 8;
const WARMUP_MS = 2_000;
const MEASURE_MS = 5_000;
const DONORS = 16_000;

export type BookingBench =
  | { skipped: string }
  | {
      perSecond: number;
      p50: number;
      p99: number;
      acknowledged: number;
      refused: number;
      unanswered: number;
      duplicates: number;
      missing: number;
      incomplete: number;
      countsExact: boolean;
      statementsPerBooking: number;
      /** CPU milliseconds per booking while measuring (Linux /proc; undefined elsewhere). */
      cpu?: { postgres: number; portal: number; clients: number };
      /** Booking + cancellation in a closed loop: the portal, and bare PostgreSQL doing the same writes. */
      cycle: { portal: CycleOutcome; bare: CycleOutcome; countsExact: boolean };
    };

/** Issue 33: the portal's book-and-cancel rate as a share of bare PostgreSQL's doing the same writes. */
export const CYCLE_RATIO_TARGET = 0.3;
const CYCLE_WARMUP_MS = 1_000;

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function benchBookings(): Promise<BookingBench> {
  const made = await privateBenchDatabase();
  if ('skipped' in made) return made;
  const { admin, name, url } = made;
  const work = mkdtempSync(path.join(tmpdir(), 'giothong-bench-bookings-'));
  const secrets = processSecrets();
  let child: ChildProcess | undefined;
  try {
    const database = await openDatabase({ kind: 'postgres', url: url, poolSize: 4 });
    await database.migrate();
    await seedDemoData(database.db, systemClock);
    const load = await seedBookingLoad(database.db, {
      donors: DONORS,
      campaigns: CAMPAIGNS,
      accessSecret: secrets.ACCESS_TOKEN_SECRET,
      prefix: 'bench',
    });

    // BENCH_CPU_PROF=<dir> writes the portal's CPU profile there (read it in Chrome's DevTools).
    const portal = await startBenchPortal({
      env: { DATA_DIR: work, DATABASE_URL: url, ...secrets },
      nodeArgs: process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
        : [],
    });
    child = portal.child;
    const baseUrl = portal.base;

    const statementsBefore = await statementCount(admin, name);
    const warm = await runBookingClients(baseUrl, load, {
      clients: CONNECTIONS,
      durationMs: WARMUP_MS,
    });
    const warmed =
      warm.acknowledged.length +
      warm.unanswered.length +
      [...warm.refused.values()].reduce((a, b) => a + b, 0);
    const statementsWarm = await statementCount(admin, name);
    const rest = load.donors.slice(warmed);
    // Where the CPU goes while measuring: the database server, the portal, this process (clients).
    const portalPid = String(child.pid);
    const cpuNow = () => ({
      postgres: cpuMs((stat) => stat.includes('(postgres)')),
      portal: cpuMs((_stat, pid) => pid === portalPid),
      clients: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    });
    const cpuBefore = cpuNow();
    const measured = await runBookingClients(
      baseUrl,
      { ...load, donors: rest },
      { clients: CONNECTIONS, durationMs: MEASURE_MS },
    );
    const cpuAfter = cpuNow();
    const n = Math.max(1, measured.acknowledged.length);
    const cpu =
      cpuBefore.postgres === undefined || cpuAfter.postgres === undefined
        ? undefined
        : {
            postgres: (cpuAfter.postgres - cpuBefore.postgres) / n,
            portal: (cpuAfter.portal! - cpuBefore.portal!) / n,
            clients: (cpuAfter.clients - cpuBefore.clients) / n,
          };
    // The donors were shifted by `warmed`: the campaign of each booking is as the server was told.
    const acknowledged = [...warm.acknowledged, ...measured.acknowledged];

    const list = (await (await fetch(`${baseUrl}${API.campaigns}`)).json()) as {
      data: { id: number; appointmentCount: number }[];
    };
    const audit = await auditBookings(database.db, load, acknowledged);
    const ackedPerCampaign = new Map(load.campaignIds.map((id) => [id, 0]));
    for (const b of acknowledged) ackedPerCampaign.set(b.campaignId, ackedPerCampaign.get(b.campaignId)! + 1);
    const apiCounts = new Map(
      list.data.filter((c) => load.campaignIds.includes(c.id)).map((c) => [c.id, c.appointmentCount]),
    );
    const countsExact = load.campaignIds.every(
      (id) =>
        apiCounts.get(id) === audit.perCampaign.get(id) &&
        audit.perCampaign.get(id) === ackedPerCampaign.get(id),
    );

    // Book and cancel in a closed loop: the portal's clients, then (the portal stopped) bare
    // PostgreSQL, each with 64 donors never used above.
    const spare = load.donors.slice(-2 * CONNECTIONS);
    const portalDonors = spare.slice(0, CONNECTIONS);
    await portalCycles(baseUrl, load, portalDonors, CYCLE_WARMUP_MS);
    const portalCycle = await portalCycles(baseUrl, load, portalDonors, MEASURE_MS);
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    const bareDonors = spare.slice(CONNECTIONS);
    await bareCycles(url, load, bareDonors, CYCLE_WARMUP_MS);
    const bareCycle = await bareCycles(url, load, bareDonors, MEASURE_MS);
    // Every slot's count equals its live appointments, after both loops.
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const drift = await check.query<{ n: string }>(`select count(*)::text as n from (${SLOT_DRIFT_SQL}) d`);
    await check.end();
    const cycleCountsExact = Number(drift.rows[0]?.n) === 0;

    await database.close();
    return {
      cycle: { portal: portalCycle, bare: bareCycle, countsExact: cycleCountsExact },
      perSecond: measured.acknowledged.length / (measured.elapsedMs / 1000),
      p50: percentile(measured.latencies, 50),
      p99: percentile(measured.latencies, 99),
      acknowledged: acknowledged.length,
      refused: [...warm.refused.values(), ...measured.refused.values()].reduce((a, b) => a + b, 0),
      unanswered: warm.unanswered.length + measured.unanswered.length,
      duplicates: audit.duplicates,
      missing: audit.missing.length,
      incomplete: audit.incomplete,
      countsExact,
      statementsPerBooking: warm.acknowledged.length
        ? (statementsWarm - statementsBefore) / warm.acknowledged.length
        : NaN,
      cpu,
    };
  } finally {
    child?.kill('SIGKILL');
    await made.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Slots whose count differs from their live appointments (none after a sound run). */
const SLOT_DRIFT_SQL = `
  select s.campaign_id, s.start_time from campaign_slots s
  left join appointments a on a.campaign_id = s.campaign_id and a.slot_start = s.start_time and a.status <> 'CANCELLED'
  group by s.campaign_id, s.start_time, s.booked
  having s.booked <> count(a.id)`;

/** Transactions committed in the database so far (each statement outside BEGIN is one). */
async function statementCount(admin: pg.Client, name: string): Promise<number> {
  // pg_stat_database is updated when a backend reports; good enough as a per-booking average.
  await admin.query('select pg_stat_force_next_flush()').catch(() => undefined);
  const r = await admin.query<{ n: string }>(
    'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1',
    [name],
  );
  return Number(r.rows[0]?.n ?? 0);
}

export function printBookingBench(r: BookingBench) {
  console.log(
    `\nBookings on PostgreSQL (POST /answer, full questionnaire, ${CONNECTIONS} connections, ${CAMPAIGNS} campaigns; ${MEASURE_MS / 1000} s after ${WARMUP_MS / 1000} s warm-up):`,
  );
  if ('skipped' in r) {
    console.log(`  skipped: ${r.skipped}`);
    return true;
  }
  const fast = r.perSecond >= BOOKING_TARGETS.perSecond && r.p99 <= BOOKING_TARGETS.p99Ms;
  const sound =
    r.duplicates === 0 && r.missing === 0 && r.incomplete === 0 && r.countsExact && r.refused === 0;
  console.log(
    `  ${r.perSecond.toFixed(0)} bookings/s (target ≥ ${BOOKING_TARGETS.perSecond})   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms (target ≤ ${BOOKING_TARGETS.p99Ms}) ${fast ? 'OK' : 'BELOW TARGET'}`,
  );
  console.log(
    `  ${r.acknowledged} acknowledged, ${r.refused} refused, ${r.unanswered} unanswered; duplicates ${r.duplicates}, missing ${r.missing}, incomplete questionnaires ${r.incomplete}, campaign counts ${r.countsExact ? 'exact' : 'WRONG'} ${sound ? 'OK' : 'FAILED'}`,
  );
  console.log(`  database transactions per booking (warm-up): ${r.statementsPerBooking.toFixed(1)}`);
  if (r.cpu) {
    const total = r.cpu.postgres + r.cpu.portal + r.cpu.clients;
    console.log(
      `  CPU per booking: PostgreSQL ${r.cpu.postgres.toFixed(2)} ms, portal ${r.cpu.portal.toFixed(2)} ms, clients ${r.cpu.clients.toFixed(2)} ms; ${total.toFixed(2)} ms in all, a ceiling of ${((cpus().length * 1000) / total).toFixed(0)} bookings/s on ${cpus().length} cores`,
    );
  }
  const { portal, bare } = r.cycle;
  const rate = (o: CycleOutcome) => o.cycles / (o.elapsedMs / 1000);
  const ratio = rate(portal) / rate(bare);
  console.log(
    `  book + cancel in a closed loop (${CONNECTIONS} clients, ${MEASURE_MS / 1000} s each): portal ${rate(portal).toFixed(0)}/s (p99 ${percentile(portal.latencies, 99).toFixed(1)} ms), bare PostgreSQL doing the same writes ${rate(bare).toFixed(0)}/s (p99 ${percentile(bare.latencies, 99).toFixed(1)} ms): ratio ${ratio.toFixed(2)} (target ≥ ${CYCLE_RATIO_TARGET}) ${ratio >= CYCLE_RATIO_TARGET ? 'OK' : 'BELOW TARGET'}`,
  );
  const cycleSound = portal.refused === 0 && bare.refused === 0 && r.cycle.countsExact;
  console.log(
    `  refused: portal ${portal.refused}, bare ${bare.refused}; slot counts after both loops ${r.cycle.countsExact ? 'exact' : 'WRONG'} ${cycleSound ? 'OK' : 'FAILED'}`,
  );
  return fast && sound && cycleSound;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = printBookingBench(await benchBookings());
  process.exit(ok ? 0 : 1);
}
