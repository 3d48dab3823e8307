import { STAFF_MESSAGES } from '@giot-hong/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { auditLog, secondFactors, staffInvitations, users } from './db/schema/index.ts';
import { DB_KINDS, scriptDatabase } from '../test/helper.ts';
import { runServerScript } from '../test/server-process.ts';

/** `npm run staff:create -- …` on the given database: exit code and everything printed. */
const staffCreate = (env: Record<string, string>, args: string[]) =>
  runServerScript('staff-create', args, env);

// On both databases (test/helper.ts, DB_KINDS): the command line opening the configured database.
describe.each(DB_KINDS)('npm run staff:create on %s', (kind) => {
  let script: Awaited<ReturnType<typeof scriptDatabase>>;
  let env: Record<string, string>;
  let open: () => Promise<Database>;

  beforeAll(async () => {
    script = await scriptDatabase(kind, 'staff-create');
    ({ env, open } = script);
  }, 60_000);
  afterAll(() => script?.close());

  it('creates an account with a link, invites it again, and resets its second factor (audited as CLI)', async () => {
    const args = ['--email', 'lan.nguyen@hoichuthapdo.vn', '--username', 'lannguyen', '--admin'];
    const created = await staffCreate(env, args);
    expect(created.code, created.output).toBe(0);
    const first = /(http\S+chao-mung-can-bo#\S+)/.exec(created.output)?.[1];
    expect(first).toBeTruthy();
    // Still invited: a second run prints a new link.
    const again = await staffCreate(env, args);
    expect(again.output).toContain('Đã tạo liên kết mới cho tài khoản quản trị "lannguyen"');
    const second = /(http\S+chao-mung-can-bo#\S+)/.exec(again.output)?.[1];
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    // The account enrolled an app meanwhile (a row as the enrolment writes it).
    let db = await open();
    const [user] = await db.db.select().from(users).where(eq(users.username, 'lannguyen'));
    await db.db.delete(staffInvitations).where(eq(staffInvitations.userId, user!.id));
    await db.db
      .insert(secondFactors)
      .values({ userId: user!.id, secretSealed: Buffer.from('sealed'), confirmedAt: new Date() });
    await db.close();

    const reset = await staffCreate(env, ['--reset-2fa', '--username', 'LanNguyen']);
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toContain('Đã đặt lại xác thực hai lớp của "lannguyen"');
    const unknown = await staffCreate(env, ['--reset-2fa', '--username', 'khongco']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain(STAFF_MESSAGES.notFound);
    const usage = await staffCreate(env, ['--reset-2fa']);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('--reset-2fa --username');

    db = await open();
    try {
      expect(await db.db.select().from(secondFactors).where(eq(secondFactors.userId, user!.id))).toEqual([]);
      const audit = await db.db
        .select({ action: auditLog.action, actorId: auditLog.actorId, actorRole: auditLog.actorRole })
        .from(auditLog)
        .where(eq(auditLog.targetId, user!.id))
        .orderBy(asc(auditLog.id));
      expect(audit).toEqual([
        { action: 'staff.invite', actorId: null, actorRole: 'CLI' },
        { action: 'staff.reinvite', actorId: null, actorRole: 'CLI' },
        { action: 'staff.second-factor.reset', actorId: null, actorRole: 'CLI' },
      ]);
    } finally {
      await db.close();
    }
  }, 180_000);
});
