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
import type { TestProject } from 'vitest/node';

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
  // The embedded database's own version matters too: a dump is only read by the same build.
  hash.update(
    readFileSync(
      path.resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json'),
    ),
  );
  return hash.digest('hex').slice(0, 16);
}

/**
 * Creating a PGlite database takes seconds; loading a dump takes a fraction of one. One migrated
 * database is dumped here and every test file starts from a copy of it. The dump is kept in
 * `.tmp/` under the hash of the migrations, so later runs skip building it; dumps of other
 * migrations are deleted after an hour.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const name = `pglite-template-${migrationsHash()}.tar`;
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
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
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
