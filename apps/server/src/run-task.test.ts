import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { acquireDirectoryLock } from './db/lock.ts';
import { accountDeletions, scheduledTasks, users } from './db/schema/index.ts';
import { TASK_NAMES } from './jobs/jobs.ts';
import { DB_KINDS, scriptDatabase } from '../test/helper.ts';
import { runServerScript } from '../test/server-process.ts';

/** `npm run task -- …` on the given database: exit code and everything printed. */
const runTask = (env: Record<string, string>, args: string[]) => runServerScript('run-task', args, env);

it('an unknown task name lists the valid names and exits 2', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-run-task-'));
  try {
    const res = await runTask({ DATA_DIR: dataDir, DATABASE_URL: '' }, ['data-rights.erasur']);
    expect(res.code).toBe(2);
    expect(res.output).toContain('Không có tác vụ "data-rights.erasur".');
    for (const name of Object.values(TASK_NAMES)) expect(res.output).toContain(`  ${name}\n`);
    const none = await runTask({ DATA_DIR: dataDir, DATABASE_URL: '' }, []);
    expect(none.code).toBe(2);
    expect(none.output).toContain('Cách dùng: npm run task -- <tên tác vụ>');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it("the README's table of tasks names every task", () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  for (const name of Object.values(TASK_NAMES)) expect(readme).toContain(`| \`${name}\` |`);
});

// On both databases (test/helper.ts, DB_KINDS): a second process taking a task's lease in
// scheduled_tasks, as servers do on PostgreSQL, and the embedded database's directory lock.
describe.each(DB_KINDS)('npm run task on %s', (kind) => {
  let script: Awaited<ReturnType<typeof scriptDatabase>>;
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let dataDir: string;

  beforeAll(async () => {
    script = await scriptDatabase(kind, 'run-task');
    ({ env, open, dataDir } = script);
    const db = await open();
    await db.migrate();
    await db.close();
  }, 60_000);
  afterAll(() => script?.close());

  /** A donor whose confirmed deletion fell due an hour ago; returns the user's id. */
  async function dueDeletion(db: Database, username: string): Promise<number> {
    const [user] = await db.db
      .insert(users)
      .values({ username, email: `${username}@example.vn`, passwordHash: 'x' })
      .returning({ id: users.id });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db.db.insert(accountDeletions).values({
      userId: user!.id,
      tokenHash: `hash-${username}`,
      requestedAt: hourAgo,
      linkExpiresAt: hourAgo,
      confirmedAt: hourAgo,
      eraseAfter: hourAgo,
    });
    return user!.id;
  }

  it('runs the erasure now and records the run; waits while another process holds the lease', async () => {
    let db = await open();
    const first = await dueDeletion(db, 'lan-nguyen');
    await db.close();

    const ran = await runTask(env, [TASK_NAMES.erasure]);
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toContain(`Đã chạy tác vụ ${TASK_NAMES.erasure}`);
    db = await open();
    expect(await db.db.select().from(users).where(eq(users.id, first))).toEqual([]);
    const [row] = await db.db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.name, TASK_NAMES.erasure));
    expect(row).toMatchObject({ lockedBy: null, lastError: null });
    expect(row!.lastRunAt).toBeInstanceOf(Date);

    // A server is running the task (its lease is live): this run does not start.
    const second = await dueDeletion(db, 'minh-tran');
    await db.db
      .update(scheduledTasks)
      .set({ lockedUntil: new Date(Date.now() + 60_000), lockedBy: 'server-1' })
      .where(eq(scheduledTasks.name, TASK_NAMES.erasure));
    await db.close();
    const busy = await runTask(env, [TASK_NAMES.erasure]);
    expect(busy.code).toBe(1);
    expect(busy.output).toContain('đang chạy ở một tiến trình khác');
    db = await open();
    expect(await db.db.select({ id: users.id }).from(users).where(eq(users.id, second))).toEqual([
      { id: second },
    ]);
    const [held] = await db.db
      .select()
      .from(scheduledTasks)
      .where(eq(scheduledTasks.name, TASK_NAMES.erasure));
    expect(held!.lockedBy).toBe('server-1');
    await db.close();
  }, 120_000);

  it.runIf(kind === 'pglite')(
    'says so when a running server holds the embedded database',
    async () => {
      // This test process stands for the server: it holds the data directory's lock.
      const lock = acquireDirectoryLock(path.join(dataDir, 'db'));
      try {
        const res = await runTask(env, [TASK_NAMES.erasure]);
        expect(res.code).toBe(1);
        expect(res.output).toContain(`đang được tiến trình ${process.pid} sử dụng`);
        expect(res.output).toContain('hãy dừng máy chủ rồi chạy lại lệnh này');
      } finally {
        lock.release();
      }
    },
    60_000,
  );
});
