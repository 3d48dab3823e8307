import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { scheduledTasks } from '../db/schema/index.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test/helper.ts';
import { bookingIds, countsByKey, listCampaigns } from '../../test/notifications.ts';
import { reminderTimes } from '../modules/notifications/notification.service.ts';
import { TASK_NAMES } from './jobs.ts';
import { createScheduler, DEFAULT_LEASE_MS } from './scheduler.ts';

const EVE_PREFIX = 'reminder-eve:appointment:';

describe('SCHEDULER_ENABLED', () => {
  it('is on by default, off under NODE_ENV=test, and can be set either way', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'giothong-config-'));
    try {
      const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
      expect(load({}).schedulerEnabled).toBe(true);
      expect(load({ NODE_ENV: 'test' }).schedulerEnabled).toBe(false);
      expect(load({ NODE_ENV: 'test', SCHEDULER_ENABLED: 'true' }).schedulerEnabled).toBe(true);
      expect(load({ SCHEDULER_ENABLED: 'false' }).schedulerEnabled).toBe(false);
      expect(load({}).schedulerTickMs).toBe(60_000);
      expect(() => load({ SCHEDULER_ENABLED: 'yes' })).toThrow(/SCHEDULER_ENABLED/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// On both databases (test/helper.ts, DB_KINDS): job claims and leases shared by processes.
describe.each(DB_KINDS)('database-claimed scheduler on %s', (kind) => {
  let t: TestContext;
  /** A second server process: its own app (own scheduler, own instance id) on the same database. */
  let second: FastifyInstance;
  let campaigns: Awaited<ReturnType<typeof listCampaigns>>;

  /** Eve reminders per BOOKING of the campaign: every one must be exactly 1. */
  async function eveCounts(campaignId: number) {
    const counts = await countsByKey(t, EVE_PREFIX);
    return (await bookingIds(t, campaignId)).map((id) => counts.get(`${EVE_PREFIX}${id}`) ?? 0);
  }
  const taskRow = async (name: string) =>
    (await t.database.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name)))[0]!;

  beforeAll(async () => {
    t = await createTestContext(kind);
    second = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    await second.ready();
    campaigns = await listCampaigns(t);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('two processes ticking together run the reminder job once per period: one reminder per appointment', async () => {
    const c = campaigns[0]!;
    t.clock.set(reminderTimes(new Date(c.organizeTime)).eve);
    let runs = 0;
    for (let round = 0; round < 4; round++) {
      const [a, b] = await Promise.all([t.app.scheduler.tick(), second.scheduler.tick()]);
      const ranReminders = [a, b].filter((names) => names.includes(TASK_NAMES.reminders)).length;
      // The first round runs it (on one of the two); the next one in the same minute is not due.
      expect(ranReminders).toBe(round % 2 === 0 ? 1 : 0);
      runs += ranReminders;
      if (round % 2 === 1) t.clock.advance(60_000);
    }
    expect(runs).toBe(2);
    const counts = await eveCounts(c.id);
    expect(counts.length).toBeGreaterThan(10);
    expect(counts.every((n) => n === 1)).toBe(true);
    const row = await taskRow(TASK_NAMES.reminders);
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, lastError: null });
    expect(row.nextRunAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('a process dying mid-run keeps the task until its lease expires; then another finishes it, nothing lost or repeated', async () => {
    const c = campaigns[1]!;
    const start = reminderTimes(new Date(c.organizeTime)).eve;
    t.clock.set(start);
    // Process A: the real reminder job in batches of 5 that freezes after its first batch.
    let reportFirstBatch!: () => void;
    const firstBatchDone = new Promise<void>((r) => (reportFirstBatch = r));
    let thaw!: () => void;
    const frozen = new Promise<void>((r) => (thaw = r));
    let batches = 0;
    const processA = createScheduler({
      db: t.database.db,
      clock: t.clock,
      instanceId: 'process-A',
      tasks: [
        {
          name: TASK_NAMES.reminders,
          intervalMs: 60_000,
          run: () =>
            t.app.notifications.sendDueReminders({
              batchSize: 5,
              afterBatch: async () => {
                if (++batches > 1) return;
                reportFirstBatch();
                await frozen;
              },
            }),
        },
      ],
    });
    const runA = processA.tick();
    await firstBatchDone;
    expect(await taskRow(TASK_NAMES.reminders)).toMatchObject({ lockedBy: 'process-A' });
    const afterA = await eveCounts(c.id);
    expect(afterA.filter((n) => n === 1)).toHaveLength(5);
    expect(afterA.filter((n) => n === 0).length).toBeGreaterThan(5);

    // Process B, while A's lease holds: does not run it.
    t.clock.advance(DEFAULT_LEASE_MS - 1_000);
    expect(await second.scheduler.tick()).not.toContain(TASK_NAMES.reminders);
    // The lease expires (A is presumed dead): B claims the task and sends the rest.
    t.clock.advance(2_000);
    const takeoverAt = t.clock.now();
    expect(await second.scheduler.tick()).toContain(TASK_NAMES.reminders);
    const counts = await eveCounts(c.id);
    expect(counts.every((n) => n === 1)).toBe(true);

    // A wakes up: it finds nothing left to send, and does not overwrite B's bookkeeping.
    thaw();
    expect(await runA).toEqual([TASK_NAMES.reminders]);
    expect(await eveCounts(c.id)).toEqual(counts);
    const row = await taskRow(TASK_NAMES.reminders);
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, lastError: null });
    expect(row.lastRunAt).toEqual(takeoverAt);
    expect(row.nextRunAt).toEqual(new Date(takeoverAt.getTime() + 60_000));
  });

  it('the job itself is idempotent: two processes running it at the same moment still send one each', async () => {
    const c = campaigns[3]!;
    t.clock.set(reminderTimes(new Date(c.organizeTime)).eve);
    const [a, b] = await Promise.all([
      t.app.notifications.sendDueReminders({ batchSize: 3 }),
      second.notifications.sendDueReminders({ batchSize: 3 }),
    ]);
    const counts = await eveCounts(c.id);
    expect(a.eve + b.eve).toBe(counts.length);
    expect(counts.every((n) => n === 1)).toBe(true);
  });

  it('a failing task records its error, frees the lease and runs again at its next time', async () => {
    let calls = 0;
    const scheduler = createScheduler({
      db: t.database.db,
      clock: t.clock,
      tasks: [
        {
          name: 'test.failing',
          intervalMs: 30_000,
          run: async () => {
            calls++;
            if (calls === 1) throw new Error('database unreachable');
          },
        },
      ],
    });
    const at = t.clock.now();
    expect(await scheduler.tick()).toEqual(['test.failing']);
    expect(await taskRow('test.failing')).toMatchObject({
      lastError: 'database unreachable',
      lockedBy: null,
      nextRunAt: new Date(at.getTime() + 30_000),
    });
    expect(await scheduler.tick()).toEqual([]);
    t.clock.advance(30_000);
    expect(await scheduler.tick()).toEqual(['test.failing']);
    expect(await taskRow('test.failing')).toMatchObject({ lastError: null });
    expect(calls).toBe(2);
  });

  it('with the flag on, the app ticks by itself once ready and stops cleanly on close', async () => {
    const c = campaigns[2]!;
    t.clock.set(reminderTimes(new Date(c.organizeTime)).eve);
    const app = await buildApp({
      config: { ...t.config, schedulerEnabled: true, schedulerTickMs: 20 },
      database: t.database,
      clock: t.clock,
    });
    await app.ready();
    await expect
      .poll(() => eveCounts(c.id), { timeout: 10_000 })
      .toSatisfy((counts: number[]) => counts.length > 0 && counts.every((n) => n === 1));
    await app.close();
    const row = await taskRow(TASK_NAMES.reminders);
    expect(row.lockedBy).toBeNull();
    // Stopped: due again, but nobody ticks any more.
    t.clock.advance(120_000);
    await new Promise((r) => setTimeout(r, 200));
    expect((await taskRow(TASK_NAMES.reminders)).lastRunAt).toEqual(row.lastRunAt);
  });
});
