import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Creating a PGlite database takes seconds; loading a dump takes a fraction of one. Build one
 * migrated database here and let every test file start from a copy of it.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite();
  await migrate(drizzle(client), {
    migrationsFolder: path.resolve(import.meta.dirname, '../src/db/migrations'),
  });
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
