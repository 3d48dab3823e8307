import { sql } from 'drizzle-orm';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client.ts';
import {
  installedPgliteVersion,
  PGLITE_TEMPLATE_DIR,
  readTemplateMeta,
  TEMPLATE_META,
  usableTemplate,
} from './pglite-template.ts';

const work = mkdtempSync(path.join(tmpdir(), 'giothong-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations drizzle records, one per entry of the journal. */
const journalEntries = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

async function identifierOf(dataDir: string, template?: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir, template });
  try {
    await database.migrate();
    const [control] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select system_identifier::text as id from pg_control_system()`),
    );
    const [applied] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    return { id: control!.id, migrations: applied!.n };
  } finally {
    await database.close();
  }
}

describe('the empty embedded database shipped with the portal', { timeout: 180_000 }, () => {
  it('was made by the installed PGlite (after updating PGlite: npm run db:template)', () => {
    expect(readTemplateMeta(PGLITE_TEMPLATE_DIR)?.pglite).toBe(installedPgliteVersion());
    expect(usableTemplate(PGLITE_TEMPLATE_DIR)).toBe(true);
  });

  it('gives a new data directory, migrated once, that opens again with its data', async () => {
    const dataDir = path.join(work, 'from-template', 'db');
    const first = await identifierOf(dataDir);
    // The cluster's identity is the template's: the directory was unpacked, not made by initdb.
    expect(first.id).toBe(readTemplateMeta(PGLITE_TEMPLATE_DIR)!.systemIdentifier);
    expect(first.migrations).toBe(journalEntries);
    // Nothing is left beside it but its lock's place.
    expect(readdirSync(path.dirname(dataDir))).toEqual(['db']);

    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await again.db.execute(sql`insert into app_meta (key, value) values ('template-test', 'kept')`);
    } finally {
      await again.close();
    }
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await reopened.migrate();
      const rows = rowsOf<{ value: string }>(
        await reopened.db.execute(sql`select value from app_meta where key = 'template-test'`),
      );
      expect(rows).toEqual([{ value: 'kept' }]);
      const [applied] = rowsOf<{ n: number }>(
        await reopened.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(applied!.n).toBe(journalEntries);
    } finally {
      await reopened.close();
    }
  });

  it('is not used when it was made by another PGlite version or is missing: initdb creates the database', async () => {
    const stale = path.join(work, 'stale-template');
    cpSync(PGLITE_TEMPLATE_DIR, stale, { recursive: true });
    writeFileSync(
      path.join(stale, TEMPLATE_META),
      JSON.stringify({ ...readTemplateMeta(PGLITE_TEMPLATE_DIR), pglite: '0.0.1' }),
    );
    expect(usableTemplate(stale)).toBe(false);
    expect(usableTemplate(path.join(work, 'no-template'))).toBe(false);

    const dataDir = path.join(work, 'from-initdb', 'db');
    const made = await identifierOf(dataDir, stale);
    expect(made.id).not.toBe(readTemplateMeta(PGLITE_TEMPLATE_DIR)!.systemIdentifier);
    expect(made.migrations).toBe(journalEntries);
  });
});
