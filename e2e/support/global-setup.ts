import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: scripts/build-server.mjs is plain JavaScript without declarations
import { SERVER_NODE_ARGS } from '../../scripts/build-server.mjs';
import { E2E_WORKERS } from './workers.ts';
import { startMailSink } from './mail-sink.ts';
import type { E2eServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

/**
 * A database of its own on the machine's PostgreSQL (TEST_DATABASE_URL) for one server of the run,
 * dropped at the end.
 */
async function createPostgresDatabase(base: string, name: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
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

type Started = { server: E2eServer; stop(): Promise<void> };

/**
 * One real built server: a temporary DATA_DIR, its database (embedded, or a fresh PostgreSQL
 * database), demo data, a free port, and mail going to an SMTP server in this process.
 */
async function startServer(
  runDir: string,
  index: number,
  postgresBase: string | undefined,
): Promise<Started> {
  const dataDir = path.join(runDir, `server-${index}`);
  mkdirSync(dataDir);
  const mailDir = path.join(dataDir, 'received-mail');
  const sink = await startMailSink(mailDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const pgDatabase = postgresBase
    ? await createPostgresDatabase(postgresBase, `giothong_e2e_${process.pid}_${index}`)
    : undefined;
  // The server as production runs it: the bundle `npm run build` made (scripts/build-server.mjs),
  // with plain node and the Node options `npm start` gives it; no TypeScript compiled while the
  // tests run.
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      LOG_LEVEL: 'warn',
      // Every browser test signs up and logs in from 127.0.0.1: scale the per-address limits
      // (sign-ups per hour …) so the suite never trips them. Product rules (one code per 300 s,
      // five tries per code) are not scaled.
      RATE_LIMIT_SCALE: '50',
      // Chromium here reaches no push service: the tests add devices through the API, on this machine.
      PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
      DATABASE_URL: pgDatabase?.url ?? '',
      // The chapter's contact details of another chapter than the demo defaults, so the browser
      // tests show that pages take them from the configuration (see CHAPTER in browser.ts).
      CHAPTER_ADDRESS: '15 Lê Duẩn, phường Hải Châu, Đà Nẵng',
      CHAPTER_PHONE: '0236 382 1234',
      CHAPTER_EMAIL: 'hienmau@chuthapdo-danang.example',
      CHAPTER_OPENING_HOURS: 'Thứ Hai - Thứ Bảy: 7:30 - 16:30',
      CHAPTER_MAP_POSITION: '16.0678,108.2208',
      CHAPTER_NAME: 'Hội Chữ thập đỏ thành phố Đà Nẵng',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
    await sink.close();
    await pgDatabase?.drop();
  };
  try {
    await waitReady(baseURL, child);
  } catch (err) {
    child.kill('SIGKILL');
    await stop();
    throw err;
  }
  return { server: { baseURL, mailDir, dataDir, database: pgDatabase ? 'postgres' : 'embedded' }, stop };
}

/**
 * Starts one server per browser-test worker (E2E_WORKERS). The first server runs on the embedded
 * database, as `npm start` does; when TEST_DATABASE_URL is set, every other one runs on PostgreSQL
 * (the second, the fourth…), so the browser tests drive both. Each test file claims a free server
 * for itself (support/server.ts).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')) || !existsSync(serverEntry)) {
    throw new Error('The portal is not built: run `npm run build` (npm test does it first).');
  }
  const runDir = mkdtempSync(path.join(tmpdir(), 'giothong-e2e-'));
  const postgres = process.env.TEST_DATABASE_URL || undefined;
  const results = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, (_, i) => startServer(runDir, i, i % 2 === 0 ? undefined : postgres)),
  );
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  project.provide('runDir', runDir);

  return async () => {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(runDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2eServer[];
    /** The run's temporary directory (servers' data directories, claims). */
    runDir: string;
  }
}
