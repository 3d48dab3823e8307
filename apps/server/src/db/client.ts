import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ChangeTransport } from '../lib/change-feed.ts';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';
import { loadPg } from './pg-driver.ts';
import { namedStatements } from './pg-prepared.ts';
import { preparedQuery } from './pglite-prepared.ts';
import { PGLITE_TEMPLATE_DIR, unpackTemplate, usableTemplate } from './pglite-template.ts';

/** PostgreSQL's type id of bytea. */
const BYTEA_OID = 17;
/**
 * How the embedded database turns binary values (sealed ID-card photos, archives) into the text
 * PostgreSQL reads and back. PGlite's own codec builds the hex text one byte at a time in
 * JavaScript, which for a 300-kB photo held the request thread for tens of milliseconds on every
 * upload; Buffer's hex codec is native. The bytes are the same either way.
 */
export const PGLITE_BYTEA_CODECS = {
  serializers: {
    [BYTEA_OID]: (value: Uint8Array) =>
      '\\x' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex'),
  },
  parsers: { [BYTEA_OID]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The handle a repository function takes when it may run inside its caller's transaction: an
 * open transaction or the database itself (then each statement commits on its own). The one
 * transaction type of the server; it leaves out `transaction` so that nobody nests one by mistake.
 */
export type Tx = Pick<Db, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * The rows of a raw statement (`db.execute(sql`...`)`), typed by the caller: node-postgres and
 * PGlite both answer with `{ rows }`, and drizzle passes their answer on as it is.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Told of every statement's time and outcome (the metrics' query-time histogram), and of the rows
 * it returned (the tests that show a request's cost does not grow with a table).
 */
export type QueryObserver = (seconds: number, failed: boolean, rows: number) => void;

/** The PostgreSQL pool's connections at this moment (undefined on the embedded database). */
export type PoolStats = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Adds an observer of every statement sent to the database; returns its removal. Several apps
   * (tests) may share one database, each with its own metrics, so this is a set, not a slot.
   */
  observeQueries(observer: QueryObserver): () => void;
  poolStats(): PoolStats | undefined;
  /**
   * How the caches of several processes hear of each other's writes (lib/change-feed.ts):
   * PostgreSQL only — the embedded database belongs to one process.
   */
  changes?: ChangeTransport;
};

/** The observers of one database and the timing wrapper its driver's query functions go through. */
function queryObservers() {
  const observers = new Set<QueryObserver>();
  const report = (start: bigint, failed: boolean, result?: unknown) => {
    if (observers.size === 0) return;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    // Both drivers answer with `rows` (an array; pg gives one result per statement of a batch).
    const results = Array.isArray(result) ? result : [result];
    let rows = 0;
    for (const r of results) rows += (r as { rows?: unknown[] } | undefined)?.rows?.length ?? 0;
    for (const o of observers) o(seconds, failed, rows);
  };
  /**
   * Wraps a query function of either driver: a promise-returning call (PGlite, and pg as drizzle
   * calls it) or pg's callback form (pg's `Pool.query` calls its client's `query` that way).
   */
  function timed<F extends (...args: never[]) => unknown>(fn: F): F {
    return function (this: unknown, ...args: unknown[]) {
      const start = process.hrtime.bigint();
      const last = args.length - 1;
      if (last >= 0 && typeof args[last] === 'function') {
        const callback = args[last] as (err: unknown, ...rest: unknown[]) => void;
        args[last] = (err: unknown, ...rest: unknown[]) => {
          report(start, Boolean(err), rest[0]);
          callback(err, ...rest);
        };
        return fn.apply(this, args as Parameters<F>);
      }
      let result: unknown;
      try {
        result = fn.apply(this, args as Parameters<F>);
      } catch (err) {
        report(start, true);
        throw err;
      }
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(
          (value) => report(start, false, value),
          () => report(start, true),
        );
      }
      return result;
    } as unknown as F;
  }
  return {
    timed,
    observe(observer: QueryObserver) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
  };
}

/**
 * Starts the embedded database's statements at most one per turn of the event loop, first come
 * first started. PGlite runs a statement on the request thread, and hands the next waiting one its
 * lock in a promise callback: sixteen logins' statements queued together ran back to back, tens
 * of milliseconds during which no other request, `/healthz` included, was even read (ADR 45).
 * Between two statements the loop now reads the sockets and runs the timers. Nothing is held
 * while a statement waits for its turn, so a transaction's statements and a statement waiting for
 * that transaction to end cannot wait for each other.
 */
export function onePerTurn() {
  const waiting: (() => void)[] = [];
  /** A statement started in this turn; the next one waits for the loop to come round. */
  let startedThisTurn = false;
  const nextTurn = () => {
    const next = waiting.shift();
    if (next) {
      setImmediate(nextTurn);
      next();
    } else startedThisTurn = false;
  };
  const turn = (): Promise<void> | undefined => {
    if (!startedThisTurn) {
      startedThisTurn = true;
      setImmediate(nextTurn);
      return undefined;
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  return <F extends (...args: never[]) => Promise<unknown>>(fn: F): F =>
    function (this: unknown, ...args: Parameters<F>) {
      const wait = turn();
      return wait ? wait.then(() => fn.apply(this, args)) : fn.apply(this, args);
    } as F;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/** The embedded database's shared buffers (PostgreSQL's `shared_buffers`). */
const PGLITE_SHARED_BUFFERS = '16MB';

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string;
      /** The folder of the template a new data directory is unpacked from (tests: another one). */
      template?: string;
    }
  /**
   * In-memory PGlite (tests), optionally loaded from a dumped data directory. A process that opens
   * many can compile PGlite's WebAssembly and read its file bundle once and hand them to each.
   */
  | {
      kind: 'pglite-memory';
      loadDataDir?: Blob | File;
      pgliteWasmModule?: WebAssembly.Module;
      fsBundle?: Blob;
    };

/**
 * Any number for `pg_advisory_lock`, the same in every process of this application: the one
 * that holds it migrates, the others wait for it, then find nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 7_226_001;

/**
 * Migrates a PostgreSQL database under a session advisory lock. drizzle's migrator reads the
 * last applied migration, then applies the newer ones: two processes starting at once (several
 * behind one proxy, deploy/) both read "none" and the second fails on a table the first
 * created. The lock makes them take turns. The migrations run on a connection of their own,
 * without the pool's 15 s statement limit (a migration on a large table may take longer); the
 * lock ends with that connection even if the process dies.
 */
async function migratePostgres(url: string): Promise<void> {
  const pg = await loadPg();
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {}); // a lost connection fails the query in progress instead
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await client.end();
  }
}

/**
 * Creates a new embedded database directory in a short-lived process of its own, when no
 * template made by the installed PGlite is at hand (pglite-template.ts). PGlite creates the
 * cluster (initdb) with a second instance of PostgreSQL beside the first: the process peaks at
 * about 700 MB and keeps most of it, where a reopened directory takes under 200 MB (ADR 37).
 * Created by a process that then exits, the directory is opened by the server as on any later start.
 */
async function createPgliteCluster(dataDir: string, startParams: string[]): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = [
    'const [pglite, dataDir, startParams] = process.argv.slice(1);',
    'const db = new (require(pglite).PGlite)(dataDir, { startParams: JSON.parse(startParams) });',
    'db.waitReady.then(() => db.close()).then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });',
  ].join('\n');
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      ['-e', script, '--', pglite, dataDir, JSON.stringify(startParams)],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, _stdout, stderr) =>
        err
          ? reject(new Error(`creating the embedded database in ${dataDir} failed: ${stderr || err.message}`))
          : resolve(),
    ),
  );
}

/**
 * A new embedded data directory: unpacked from the shipped template when the installed PGlite made
 * it (no PostgreSQL started, ADR 42), else created by PGlite's initdb. A folder already holding
 * something other than a database is left to initdb, which says what is wrong with it.
 */
async function createPgliteDataDir(dataDir: string, template: string, startParams: string[]) {
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (empty && usableTemplate(template)) {
    try {
      unpackTemplate(template, dataDir);
      return;
    } catch (err) {
      console.error(
        `Không mở được mẫu cơ sở dữ liệu (${(err as Error).message}); đang tạo cơ sở dữ liệu mới.`,
      );
    }
  }
  await createPgliteCluster(dataDir, startParams);
}

/** How long a PostgreSQL connection of the pool may stay idle before the pool closes it. */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  // Each driver loads when its kind of database is opened: a process on the embedded database
  // never loads pg, one on PostgreSQL never loads PGlite (ADR 37).
  if (opts.kind === 'postgres') {
    const pg = await loadPg();
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // While the database is down no request may hang: a connection is waited for at most
      // 3 s and a query at most 15 s (then the API answers 503 and recovers by itself later).
      connectionTimeoutMillis: 3_000,
      query_timeout: 15_000,
      statement_timeout: 15_000,
      keepAlive: true,
      // A connection left idle is kept 5 minutes, not pg's 10 s: a desk at the venue acts every
      // few seconds to minutes, and each action after 10 s of quiet paid for new connections (a
      // backend started, the login, each statement parsed again). The pool still shrinks when
      // the portal is quiet for longer (ADR 74).
      idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    });
    // An idle connection can die (server restart, terminated backend, a closing pool whose
    // database is dropped): pg then emits 'error' on the pool, and without a listener Node
    // exits. The pool replaces the connection; a query in flight still gets its own error.
    pool.on('error', () => {});
    // Every statement, the pool's own `query` included, runs through a client's `query`: timing
    // each new connection's covers them all, transactions too. A statement with parameters is
    // parsed once per connection, under a name (pg-prepared.ts, ADR 63).
    const observed = queryObservers();
    pool.on('connect', (client) => {
      client.query = observed.timed(namedStatements(client.query));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(opts.url),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      observeQueries: observed.observe,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      changes: {
        notify: async (channel, payload) => {
          await pool.query('select pg_notify($1, $2)', [channel, payload]);
        },
        // Outside the pool: a LISTEN holds its connection for the process's life. Keepalive
        // probes notice a connection cut without a closed socket within about a minute.
        listenClient: () =>
          new pg.Client({
            connectionString: opts.url,
            connectionTimeoutMillis: 3_000,
            keepAlive: true,
            keepAliveInitialDelayMillis: 30_000,
          }),
      },
    };
  }
  const [pgliteModule, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const { PGlite } = pgliteModule;
  let lock: DirectoryLock | undefined;
  let client: PGlite;
  const codecs = {
    parsers: PGLITE_BYTEA_CODECS.parsers,
    serializers: PGLITE_BYTEA_CODECS.serializers,
    // PostgreSQL's default shared buffers (128 MB) are all touched when PGlite starts and stay in
    // the process's memory; 16 MB holds a chapter's hot pages, and the operating system's file
    // cache the rest (ADR 37: 120 MB less resident memory).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
  if (opts.kind === 'pglite') {
    // PGlite does not lock its directory; two processes on one directory corrupt it.
    lock = acquireDirectoryLock(opts.dataDir);
    if (!existsSync(path.join(opts.dataDir, 'PG_VERSION')))
      await createPgliteDataDir(opts.dataDir, opts.template ?? PGLITE_TEMPLATE_DIR, codecs.startParams);
    client = new PGlite(opts.dataDir, codecs);
  } else {
    client = new PGlite({
      ...codecs,
      ...(opts.loadDataDir && { loadDataDir: opts.loadDataDir }),
      ...(opts.pgliteWasmModule && { pgliteWasmModule: opts.pgliteWasmModule }),
      ...(opts.fsBundle && { fsBundle: opts.fsBundle }),
    });
  }
  await client.waitReady;
  // drizzle sends statements through `query` and `exec`, and a transaction's through the
  // transaction object PGlite hands to its callback: the three are timed. Statements outside a
  // transaction are prepared once and then run in one trip into PostgreSQL (pglite-prepared.ts).
  const observed = queryObservers();
  const inTurn = onePerTurn();
  client.query = inTurn(observed.timed(preparedQuery(client, client.query, pgliteModule)));
  client.exec = inTurn(observed.timed(client.exec));
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = inTurn(observed.timed(tx.query));
      tx.exec = inTurn(observed.timed(tx.exec));
      return fn(tx);
    })) as typeof client.transaction;
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
    observeQueries: observed.observe,
    poolStats: () => undefined,
  };
}
