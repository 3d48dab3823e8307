import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The handle a repository function takes when it may run inside its caller's transaction: an
 * open transaction or the database itself (then each statement commits on its own). The one
 * transaction type of the server; it leaves out `transaction` so that nobody nests one by mistake.
 */
export type Tx = Pick<Db, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** In-memory PGlite (tests), optionally loaded from a dumped data directory. */
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // While the database is down no request may hang: a connection is waited for at most
      // 3 s and a query at most 15 s (then the API answers 503 and recovers by itself later).
      connectionTimeoutMillis: 3_000,
      query_timeout: 15_000,
      statement_timeout: 15_000,
      keepAlive: true,
    });
    // An idle connection can die (server restart, terminated backend, a closing pool whose
    // database is dropped): pg then emits 'error' on the pool, and without a listener Node
    // exits. The pool replaces the connection; a query in flight still gets its own error.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let lock: DirectoryLock | undefined;
  let client: PGlite;
  if (opts.kind === 'pglite') {
    // PGlite does not lock its directory; two processes on one directory corrupt it.
    lock = acquireDirectoryLock(opts.dataDir);
    client = new PGlite(opts.dataDir);
  } else {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}
