import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: scripts/build-server.mjs is plain JavaScript without declarations
import { buildServer, serverBuildIsStale } from '../../../scripts/build-server.mjs';
import { openDatabase } from '../src/db/client.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

/** A digest of every migration file: a template is reused only while the migrations are the same. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, name.name);
      if (name.isDirectory()) walk(file);
      else hash.update(name.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS);
  // So do the template's own settings (slimForTests below).
  hash.update(SLIM_RECIPE);
  // The embedded database's own version matters too: a dump is only read by the same build.
  hash.update(
    readFileSync(
      path.resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json'),
    ),
  );
  return hash.digest('hex').slice(0, 16);
}

/** Changed whenever `slimForTests` changes, so that no run reuses a template made the old way. */
const SLIM_RECIPE = 'slim-1: no template databases';

/**
 * What each test database need not carry, since every test file opens one or more from this
 * template (about 90 a run): no `template0` and `template1` databases, 15 MB of the 44-MB dump and
 * 600 of its 1,300 files, which PGlite wrote one by one into its memory at each start. A test
 * database opened in 0.35 s of CPU with them and opens in 0.25 s without. The tests never create
 * a database in the embedded one.
 */
async function slimForTests(client: PGlite) {
  await client.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await client.exec('drop database template0');
  await client.exec('drop database template1');
}

/**
 * Creating a PGlite database takes seconds; loading a dump takes a fraction of one. One migrated
 * database is dumped here and every test file starts from a copy of it. The dump is kept in
 * `.tmp/` under the hash of the migrations, so later runs skip building it; dumps of other
 * migrations are deleted after an hour.
 */
export default async function setup(project: TestProject) {
  // The tests that spawn the server or one of its tools run the bundle (test/server-process.ts):
  // built here when it is missing or older than its sources, so `npm run test:api` alone tests
  // the code as it is. Once a run: the second project's setup finds it fresh.
  if ((serverBuildIsStale as () => boolean)()) await (buildServer as () => Promise<void>)();
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const name = `pglite-template-${migrationsHash()}.tar`;
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    await slimForTests(client);
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside and renamed: a run started meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  // Dumps of other migrations go, once no run started in the last hour can still be reading them.
  for (const other of readdirSync(dir)) {
    const stale = path.join(dir, other);
    if (
      other.startsWith('pglite-template-') &&
      other !== name &&
      Date.now() - statSync(stale).mtimeMs > 3_600_000
    )
      rmSync(stale, { force: true });
  }
  project.provide('pgliteTemplate', file);
  project.provide(
    'postgresTemplate',
    process.env.TEST_DATABASE_URL
      ? await postgresTemplate(process.env.TEST_DATABASE_URL, migrationsHash())
      : '',
  );
}

/**
 * The same for PostgreSQL: one migrated database, named after the migrations' hash, that each
 * test's database is created from (`create database … template …` copies it in a fraction of
 * the time the migrations take). It stays on the server for the next run with the same
 * migrations; templates of other migrations go once they are a day old.
 */
async function postgresTemplate(base: string, hash: string): Promise<string> {
  const name = `giothong_template_${hash}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string; comment: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as comment
         from pg_database where starts_with(datname, 'giothong_template_')`,
    );
    for (const row of rows) {
      const made = Date.parse(row.comment ?? '');
      if (row.datname !== name && !(Date.now() - made < 86_400_000))
        await admin.query(`drop database if exists ${row.datname} with (force)`);
    }
    if (rows.some((r) => r.datname === name)) return name;
    // Migrated under another name, then renamed: a run started meanwhile never copies half of it.
    const partial = `giothong_partial_${hash}_${process.pid}`;
    await admin.query(`drop database if exists ${partial} with (force)`);
    await admin.query(`create database ${partial}`);
    const url = new URL(base);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    try {
      await admin.query(`alter database ${partial} rename to ${name}`);
      await admin.query(`comment on database ${name} is '${new Date().toISOString()}'`);
    } catch (err) {
      // Another run made it first.
      await admin.query(`drop database if exists ${partial} with (force)`);
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
    return name;
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database test databases are copied from ('' without PostgreSQL). */
    postgresTemplate: string;
  }
}
