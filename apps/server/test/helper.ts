import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createIdCardThreads, type IdCardThreads } from '../src/idcard/pool.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { seedDemoData, seedDemoSecondFactors } from '../src/seed/seed.ts';

export type DbKind = 'pglite' | 'postgres';

/**
 * The databases of a test file whose behaviour depends on PostgreSQL itself — concurrent requests
 * and locks (the embedded database serves one connection), job claims across processes, the
 * driver's errors, a process's start and stop: the embedded one, and PostgreSQL too when
 * TEST_DATABASE_URL is set. Each file says which it uses and why.
 */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/**
 * The embedded database only: for files that test HTTP, validation and the rules of a service
 * through statements that mean the same on both (the embedded database is PostgreSQL compiled to
 * WebAssembly, with the same SQL). Running them twice doubled the suite's time and found nothing.
 */
export const EMBEDDED_ONLY: DbKind[] = ['pglite'];

/** A fixed "now" used by tests unless they set their own: 22 Nov 2026, 09:00 in Vietnam. */
export const TEST_NOW = '2026-11-22T02:00:00.000Z';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: ReturnType<typeof fixedClock>;
  /** `app.inject` returning the parsed JSON body alongside the response. */
  request(
    opts: Omit<InjectOptions, 'payload'> & { payload?: unknown },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
};

/**
 * ID-card reading threads for the test apps of one file, as many as each app's configuration
 * says: an app's pool reads with them instead of starting threads of its own, so a thread and its
 * OCR model start once per file and count of threads rather than once per app (seconds of CPU
 * each). Call at the top of the file and pass to `createTestContext`; the threads end after the
 * file's last test.
 */
export function shareIdCardThreads() {
  const sets = new Map<number, IdCardThreads>();
  afterAll(async () => {
    await Promise.all([...sets.values()].map((threads) => threads.close()));
  });
  return (workers: number): IdCardThreads => {
    let threads = sets.get(workers);
    if (!threads) sets.set(workers, (threads = createIdCardThreads(workers)));
    return threads;
  };
}
export type SharedIdCardThreads = ReturnType<typeof shareIdCardThreads>;

/**
 * A database of its own on the machine's PostgreSQL, dropped by `drop()`: empty, or with
 * `migrated` a copy of the run's migrated template (global-setup.ts), which saves each test the
 * migrations.
 */
export async function createPostgresDatabase(
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `giothong_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = opts.migrated ? inject('postgresTemplate') : '';
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A Blob whose bytes PGlite reads in one copy. A Blob made from a Buffer copies it when made,
 * and Node 20's `arrayBuffer()` copies it twice more in chunks: for the 42-MB template that was
 * a third of the CPU each test's database cost.
 */
class BytesBlob extends Blob {
  constructor(private readonly contents: Uint8Array) {
    super([]);
  }
  override get size() {
    return this.contents.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy each time: every database gets bytes of its own.
    return Promise.resolve(this.contents.slice().buffer);
  }
}

let embedded:
  Promise<{ loadDataDir: Blob; pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/**
 * What every embedded test database of this process starts from, read once: the migrated
 * template (global-setup.ts), PGlite's WebAssembly compiled once rather than for each database,
 * and its file bundle.
 */
export function embeddedParts() {
  embedded ??= (async () => {
    const dist = path.resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/dist');
    return {
      loadDataDir: new BytesBlob(readFileSync(inject('pgliteTemplate'))),
      pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new BytesBlob(readFileSync(path.join(dist, 'pglite.data'))),
    };
  })();
  return embedded;
}

/**
 * Embedded databases with the demo data already written, by the clock's start (the demo campaigns
 * and news are dated from it): the first seeded test database of a process is dumped after its
 * demo data, and the next ones with the same clock load that dump instead of writing the demo data
 * again (0.2 s of CPU each; about 60 of a run's embedded databases are seeded). The demo staff's
 * second factor is not in it: each app seals it with its own key.
 */
const seededDumps = new Map<string, Promise<Uint8Array>>();

async function dumpOf(database: Database): Promise<Uint8Array> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
}

/**
 * Builds the real app on a fresh database of the given kind, migrated and (by default)
 * seeded with demo data, with a fixed clock.
 */
export async function createTestContext(
  kind: DbKind,
  opts: {
    seed?: boolean;
    now?: string;
    env?: Record<string, string>;
    config?: Partial<Config>;
    /** Receives the app's log lines (set LOG_LEVEL in `env`: tests log nothing by default). */
    logStream?: { write(line: string): void };
    /** A database the test opened itself (a PGlite directory, its own PostgreSQL), closed with the context. */
    database?: Database;
    /** The file's shared ID-card reading threads (`shareIdCardThreads`); by default the app starts its own. */
    idCardThreads?: SharedIdCardThreads;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-test-'));
  const now = opts.now ?? TEST_NOW;
  let dropPg: (() => Promise<void>) | undefined;
  let database: Database;
  if (opts.database) {
    database = opts.database;
  } else if (kind === 'postgres') {
    const created = await createPostgresDatabase({ migrated: true });
    dropPg = created.drop;
    database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 });
  } else {
    const seeded = opts.seed !== false ? seededDumps.get(now) : undefined;
    database = await openDatabase({
      kind: 'pglite-memory',
      ...(await embeddedParts()),
      ...(seeded && { loadDataDir: new BytesBlob(await seeded) }),
    });
  }
  await database.migrate();
  const clock = fixedClock(now);
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://portal.test',
      ...opts.env,
    },
    opts.config,
  );
  if (opts.seed !== false) {
    // Writes nothing into a database loaded from a seeded dump: the demo data carries its marker.
    await seedDemoData(database.db, clock);
    // Not awaited, and still before the second factor below: PGlite queues the dump for its query
    // lock at once (first in, first served), so the statements that follow wait for it and the dump
    // holds none of them.
    if (database.kind === 'pglite' && !opts.database && !seededDumps.has(now))
      seededDumps.set(now, dumpOf(database));
    // As main.ts: the demo staff's development authenticator secret, except in production.
    if (config.env !== 'production')
      await seedDemoSecondFactors(database.db, clock, config.secrets.dataEncryption);
  }
  const app = await buildApp({
    config,
    database,
    clock,
    logStream: opts.logStream,
    idCardThreads: opts.idCardThreads?.(config.idCard.workers),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async request(o) {
      const res = await app.inject(o as InjectOptions);
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
    },
    async close() {
      await app.close();
      await database.close();
      await dropPg?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A stand-in for the web build: the real template's head marker and a script tag. */
export function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  return dir;
}

/**
 * The database a command-line script (`npm run staff:create`, `npm run task`) is pointed at:
 * a temporary DATA_DIR with PGlite in it, or a fresh PostgreSQL database. `env` is what the
 * script's process gets; `open` opens the same database in the test; `close` drops it all.
 */
export async function scriptDatabase(kind: DbKind, prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `giothong-${prefix}-`));
  const created = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: created?.url ?? '' },
    open: (): Promise<Database> =>
      created
        ? openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 })
        : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }),
    async close() {
      await created?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
