import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { rowsOf, type Db } from '../db/client.ts';
import { scheduledTasks } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { logFailure } from '../lib/log-safe-error.ts';

/**
 * Periodic tasks claimed through the database (table `scheduled_tasks`), so that several server
 * processes on one PostgreSQL run each task once per period, and a restart loses nothing:
 *
 * 1. claim: one UPDATE takes the task's row if it is due and not leased, choosing it with
 *    `SELECT … FOR UPDATE SKIP LOCKED` — a second process skips the row instead of waiting —
 *    and writes a lease (`locked_until`, `locked_by`);
 * 2. run the task outside any transaction;
 * 3. complete: set `next_run_at`, `last_run_at`, `last_error` and drop the lease, only if the
 *    lease is still ours.
 *
 * A process that dies mid-run keeps the lease until it expires; then another process claims the
 * task and runs it again. Tasks must therefore be idempotent (notifications are: every one has a
 * per-donor dedupe key and is inserted with ON CONFLICT DO NOTHING).
 */

export type ScheduledTask = {
  /** Row key in `scheduled_tasks`. */
  name: string;
  /** Time from one run's start to the next. */
  intervalMs: number;
  run: () => Promise<unknown>;
};

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type SchedulerOptions = {
  db: Db;
  clock: Clock;
  tasks: ScheduledTask[];
  /** How long a claim is held without completing before another process may take over. */
  leaseMs?: number;
  /** Identifies this process in `locked_by` (diagnostics). */
  instanceId?: string;
  log?: Logger;
  /** Told of each run: its task, time and whether it threw (the metrics). */
  observe?: (task: string, seconds: number, failed: boolean) => void;
};

export const DEFAULT_LEASE_MS = 5 * 60_000;

export function createScheduler(opts: SchedulerOptions) {
  const { db, clock, tasks } = opts;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const instanceId = opts.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let registered = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: Promise<unknown> | undefined;

  /** Creates the task rows once (due at once: a new database catches up straight away). */
  async function ensureRows() {
    if (registered || tasks.length === 0) return;
    const now = clock.now();
    await db
      .insert(scheduledTasks)
      .values(tasks.map((t) => ({ name: t.name, nextRunAt: now })))
      .onConflictDoNothing();
    registered = true;
  }

  /** Takes the task if due and free; returns the lease's end, or undefined when not ours to run. */
  async function claim(name: string, o: { evenIfNotDue?: boolean } = {}): Promise<Date | undefined> {
    const now = clock.now();
    const until = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      update ${scheduledTasks}
      set locked_until = ${until.toISOString()}::timestamptz, locked_by = ${instanceId}
      where name = (
        select name from ${scheduledTasks}
        where name = ${name}
          and (${o.evenIfNotDue === true}::boolean or next_run_at <= ${now.toISOString()}::timestamptz)
          and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
        for update skip locked
      )
      returning name`);
    return rowsOf<{ name: string }>(result).length === 1 ? until : undefined;
  }

  /** Records the run and frees the task, unless the lease expired and another process took it. */
  async function complete(
    task: ScheduledTask,
    startedAt: Date,
    leaseUntil: Date,
    error: string | null,
  ): Promise<boolean> {
    const result = await db.execute(sql`
      update ${scheduledTasks}
      set next_run_at = ${new Date(startedAt.getTime() + task.intervalMs).toISOString()}::timestamptz,
          last_run_at = ${startedAt.toISOString()}::timestamptz,
          last_error = ${error},
          locked_until = null,
          locked_by = null
      where name = ${task.name} and locked_by = ${instanceId} and locked_until = ${leaseUntil.toISOString()}::timestamptz
      returning name`);
    return rowsOf<{ name: string }>(result).length === 1;
  }

  /** Runs a claimed task and records the run; returns the error message kept, or null. */
  async function runClaimed(task: ScheduledTask, leaseUntil: Date): Promise<string | null> {
    const startedAt = clock.now();
    const started = process.hrtime.bigint();
    let error: string | null = null;
    try {
      await task.run();
    } catch (err) {
      // The task row keeps the message for the operator's status page; the log keeps codes only.
      error = (err as Error).message?.slice(0, 1000) || 'error';
      if (opts.log) logFailure(opts.log, err, 'scheduled task failed', { task: task.name });
    }
    opts.observe?.(task.name, Number(process.hrtime.bigint() - started) / 1e9, error !== null);
    await complete(task, startedAt, leaseUntil, error);
    return error;
  }

  /** Runs every due task this process can claim; returns the names it ran. */
  async function runDue(): Promise<string[]> {
    await ensureRows();
    const ran: string[] = [];
    for (const task of tasks) {
      const leaseUntil = await claim(task.name);
      if (!leaseUntil) continue;
      await runClaimed(task, leaseUntil);
      ran.push(task.name);
    }
    return ran;
  }

  /**
   * Runs one task now, due or not (`npm run task`), under the same lease as a scheduled run: a
   * process running it holds the lease and this returns `busy` without running it. The next
   * scheduled run is then one interval after this one.
   */
  async function runNow(
    name: string,
  ): Promise<{ status: 'ran'; error: string | null } | { status: 'busy' } | { status: 'unknown' }> {
    const task = tasks.find((t) => t.name === name);
    if (!task) return { status: 'unknown' };
    await ensureRows();
    const leaseUntil = await claim(name, { evenIfNotDue: true });
    if (!leaseUntil) return { status: 'busy' };
    return { status: 'ran', error: await runClaimed(task, leaseUntil) };
  }

  /** One pass at a time per process: a tick that finds the previous one still running waits for it. */
  function tick(): Promise<string[]> {
    const run = (current ?? Promise.resolve()).catch(() => undefined).then(runDue);
    current = run;
    return run;
  }

  function schedule(tickMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((err: Error) => opts.log && logFailure(opts.log, err, 'scheduler tick failed'))
        .finally(() => schedule(tickMs));
    }, tickMs);
    // The scheduler never keeps a process alive on its own.
    timer.unref();
  }

  return {
    instanceId,
    tick,
    runNow,
    /** The task names, in the order they run. */
    taskNames: tasks.map((t) => t.name),
    /** Exposed for tests that simulate a process dying after its claim. */
    claim,
    /** Ticks now, then every `tickMs`. */
    start(tickMs: number) {
      stopped = false;
      void tick().catch((err: Error) => opts.log && logFailure(opts.log, err, 'scheduler tick failed'));
      schedule(tickMs);
      opts.log?.info({ tickMs, tasks: tasks.map((t) => t.name) }, 'scheduler started');
    },
    /**
     * No new ticks; waits for a running one to finish, then gives back any lease this process
     * still holds (a task whose completion failed), so another process need not wait for it.
     */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
      await db
        .execute(
          sql`update ${scheduledTasks} set locked_until = null, locked_by = null where locked_by = ${instanceId}`,
        )
        .catch((err: Error) => opts.log && logFailure(opts.log, err, 'scheduler leases not released'));
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
