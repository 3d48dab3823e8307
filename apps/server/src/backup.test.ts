// On both databases (test/helper.ts, DB_KINDS): each has its own backup — PGlite's data directory
// dump under the server's directory lock, PostgreSQL's pg_dump/pg_restore — and its own meaning
// of "an empty database", so each is backed up, restored and compared on itself.
// The real commands back up a database the real app filled (staff, a campaign, verified donors with
// bookings and sealed ID-card images, the audit trail), restore it elsewhere, and compare.
import { PGlite } from '@electric-sql/pglite';
import { ADMIN_CAMPAIGN_API } from '@giot-hong/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupKindOf, backupDatabase, restoreDatabase, type BackupTarget } from './db/backup.ts';
import { openDatabase, type Database } from './db/client.ts';
import { acquireDirectoryLock } from './db/lock.ts';
import { appointments, auditLog, idExtracts } from './db/schema/index.ts';
import { createSealedBox } from './lib/sealed-box.ts';
import { loginStaff } from '../test/auth.ts';
import { createVerifiedDonor } from '../test/donor.ts';
import { createPostgresDatabase, createTestContext, DB_KINDS } from '../test/helper.ts';
import { registerForCampaign } from '../test/notifications.ts';
import { processSecrets, runServerScript } from '../test/server-process.ts';

/** `npm run backup|restore -- …` with the given environment: exit code and everything printed. */
const cli = (env: Record<string, string>, args: string[]) => runServerScript('backup', args, env);

/** A database for the test: an embedded one in a directory of its own, or a PostgreSQL database. */
type Place = {
  target: BackupTarget;
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
};

async function createPlace(kind: 'pglite' | 'postgres'): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-backup-'));
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    return {
      target: { kind, url: created.url },
      env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
      open: () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 }),
      async drop() {
        await created.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dir = path.join(dataDir, 'db');
  return {
    target: { kind, dataDir: dir },
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ kind: 'pglite', dataDir: dir }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The rows of a statement, whichever driver is underneath (both answer `{ rows }`). */
async function query<T = Record<string, unknown>>(db: Database, statement: SQL): Promise<T[]> {
  return ((await db.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Every table of a database outside the system schemas (the app's and the migrator's). */
async function tablesOf(db: Database): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
         where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
         order by 1`,
  );
  return rows.map((row) => row.name);
}

/** A table's rows in a total order: by the text of the whole row, so every column counts. */
function rowsOf(db: Database, table: string): Promise<unknown[]> {
  const [schema, name] = table.split('.') as [string, string];
  return query(db, sql.raw(`select * from "${schema}"."${name}" as t order by t::text`));
}

/** Every sequence's position: the next id after a restore must not collide with a restored row. */
async function sequencesOf(db: Database): Promise<unknown[]> {
  const names = await query<{ name: string }>(
    db,
    sql`select sequence_schema || '.' || sequence_name as name from information_schema.sequences order by 1`,
  );
  const out: unknown[] = [];
  for (const { name } of names) {
    const [schema, seq] = name.split('.') as [string, string];
    out.push([name, await query(db, sql.raw(`select last_value, is_called from "${schema}"."${seq}"`))]);
  }
  return out;
}

// Each test runs the command in child processes (the bundled tool and a database open each), which
// the shared two-core machines make slow at times: a timeout of its own, well above the ~10 s.
const SLOW = 120_000;

// On both databases: see the top of the file.
describe.each(DB_KINDS)('npm run backup / restore on %s', (kind) => {
  const secrets = processSecrets();
  const work = mkdtempSync(path.join(tmpdir(), 'giothong-backup-files-'));
  const file = path.join(work, kind === 'postgres' ? 'giothong.dump' : 'giothong.tar.gz');
  const images = new Map<string, { front: Buffer; back: Buffer }>();
  let source: Place;
  let restored: Place;

  beforeAll(async () => {
    source = await createPlace(kind);
    restored = await createPlace(kind);
    if (source.target.kind === 'pglite') {
      // The migrated template, loaded into the directory (a new directory's first open takes seconds).
      const template = new PGlite(source.target.dataDir, {
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      });
      await template.waitReady;
      await template.close();
    }
    // The real app on the source database: staff open a campaign (audited), verified donors book.
    const t = await createTestContext(kind, { database: await source.open(), env: secrets });
    try {
      const staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
      const day = new Date(t.clock.now().getTime() + 7 * 3600_000).toISOString().slice(0, 10);
      const res = await t.request({
        method: 'POST',
        url: ADMIN_CAMPAIGN_API.campaigns,
        headers: staff,
        payload: {
          name: `Hiến máu sao lưu ${kind}`,
          location: 'Nhà văn hóa Thanh Niên',
          organizeTime: `${day}T07:00:00+07:00`,
          startReceiveTime: `${day}T07:00:00+07:00`,
          endReceiveTime: `${day}T17:00:00+07:00`,
          description: '',
          targetBloodUnits: 500,
          questionSetId: 1,
          slotCapacity: 500,
        },
      });
      expect(res.status, res.body.message).toBe(200);
      const box = createSealedBox(t.config.secrets.dataEncryption, 'id-card-images');
      for (let i = 0; i < 3; i++) {
        const donor = await createVerifiedDonor(t);
        await registerForCampaign(t, donor.auth, res.body.data.id, res.body.data.questionSetId);
        // The wizard's extract: both sides sealed with the server's key, as identity.service stores them.
        const front = Buffer.from(`mặt trước CCCD ${i} ${donor.user.id}`);
        const back = Buffer.from(`mặt sau CCCD ${i} ${donor.user.id}`);
        const id = `backup-${kind}-${i}`;
        await t.database.db.insert(idExtracts).values({
          id,
          userId: donor.user.id,
          status: 'CONFIRM_MATCHED',
          frontImage: box.seal(front),
          backImage: box.seal(back),
          confirmedAt: t.clock.now(),
        });
        images.set(id, { front, back });
      }
      expect((await t.database.db.select().from(appointments)).length).toBeGreaterThanOrEqual(3);
      expect((await t.database.db.select().from(auditLog)).length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  }, SLOW);
  afterAll(async () => {
    await source?.drop();
    await restored?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'backs up with the command, restores into an empty database, and every table and sequence is the same',
    async () => {
      const backup = await cli({ ...source.env, ...secrets }, ['backup', file]);
      expect(backup.code, backup.output).toBe(0);
      expect(backupKindOf(file)).toBe(kind);
      // Nothing secret in what the command prints.
      for (const secret of Object.values(secrets)) expect(backup.output).not.toContain(secret);

      const restore = await cli({ ...restored.env, ...secrets }, ['restore', file]);
      expect(restore.code, restore.output).toBe(0);

      const [a, b] = [await source.open(), await restored.open()];
      try {
        const tables = await tablesOf(a);
        expect(tables).toContain('public.audit_log');
        expect(tables).toContain('drizzle.__drizzle_migrations');
        expect(await tablesOf(b)).toEqual(tables);
        for (const table of tables) expect(await rowsOf(b, table), table).toEqual(await rowsOf(a, table));
        expect(await sequencesOf(b)).toEqual(await sequencesOf(a));

        // The ID-card images open with the same key after the restore (and only with it).
        const box = createSealedBox(secrets.DATA_ENCRYPTION_KEY, 'id-card-images');
        for (const [id, plain] of images) {
          const [row] = await b.db.select().from(idExtracts).where(eq(idExtracts.id, id));
          expect(box.open(Buffer.from(row!.frontImage!)).equals(plain.front)).toBe(true);
          expect(box.open(Buffer.from(row!.backImage!)).equals(plain.back)).toBe(true);
          const other = createSealedBox(processSecrets().DATA_ENCRYPTION_KEY, 'id-card-images');
          expect(() => other.open(Buffer.from(row!.frontImage!))).toThrow();
        }
      } finally {
        await a.close();
        await b.close();
      }
    },
    SLOW,
  );

  it(
    'refuses to overwrite a backup file or a database that holds data without --force',
    async () => {
      const again = await cli({ ...source.env, ...secrets }, ['backup', file]);
      expect(again.code).not.toBe(0);
      expect(again.output).toContain('đã tồn tại');
      await backupDatabase(source.target, file, { force: true });

      const refused = await cli({ ...restored.env, ...secrets }, ['restore', file]);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('đã có dữ liệu');
      expect(refused.output).toContain('--force');

      // Forced: what is there is replaced by the backup (a row added meanwhile is gone).
      let db = await restored.open();
      const before = (await db.db.select().from(auditLog)).length;
      await db.db.insert(auditLog).values({ actorRole: 'CLI', action: 'TEST', targetType: 'test' });
      await db.close();
      await restoreDatabase(restored.target, file, { force: true });
      db = await restored.open();
      try {
        expect((await db.db.select().from(auditLog)).length).toBe(before);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );

  it("refuses a backup of the other database's kind, or a file that is no backup", async () => {
    const other = path.join(work, 'other-kind');
    // The other kind's first bytes: pg_dump's custom format, or a gzip stream (PGlite's dump).
    writeFileSync(other, kind === 'pglite' ? 'PGDMP\u0001\u000e\u0000' : Buffer.from([0x1f, 0x8b, 8, 0]));
    await expect(restoreDatabase(restored.target, other, { force: true })).rejects.toThrow(
      /là bản sao lưu .* nhưng cấu hình hiện tại dùng/,
    );
    writeFileSync(other, 'not a backup');
    await expect(restoreDatabase(restored.target, other, { force: true })).rejects.toThrow(
      /không phải bản sao lưu/,
    );
  });

  it.runIf(kind === 'pglite')(
    'refuses to run while a server holds the embedded data directory',
    async () => {
      if (source.target.kind !== 'pglite') return;
      // The lock as a running server holds it (this process's pid, alive, not the command's).
      const lock = acquireDirectoryLock(source.target.dataDir);
      try {
        const backup = await cli({ ...source.env, ...secrets }, [
          'backup',
          path.join(work, 'locked.tar.gz'),
          '--force',
        ]);
        expect(backup.code).not.toBe(0);
        expect(backup.output).toContain('máy chủ đang chạy');
        const restore = await cli({ ...source.env, ...secrets }, ['restore', file, '--force']);
        expect(restore.code).not.toBe(0);
        expect(restore.output).toContain('máy chủ đang chạy');
      } finally {
        lock.release();
      }
    },
    SLOW,
  );
});
