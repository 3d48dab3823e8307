import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser.ts';
import { startMailSink } from './mail-sink.ts';

const root = path.resolve(import.meta.dirname, '../..');

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
 * Starts the real built server once for all browser tests: a temporary DATA_DIR (embedded
 * database, demo data), a free port, and mail going to an SMTP server in this process.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it first).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-e2e-'));
  const mailDir = path.join(dataDir, 'received-mail');
  const sink = await startMailSink(mailDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
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
      DATABASE_URL: '',
      // The chapter's contact details of another chapter than the demo defaults, so the browser
      // tests show that pages take them from the configuration (see CHAPTER in browser.ts).
      CHAPTER_ADDRESS: '15 Lê Duẩn, phường Hải Châu, Đà Nẵng',
      CHAPTER_PHONE: '0236 382 1234',
      CHAPTER_EMAIL: 'hienmau@chuthapdo-danang.example',
      CHAPTER_OPENING_HOURS: 'Thứ Hai - Thứ Bảy: 7:30 - 16:30',
      CHAPTER_MAP_POSITION: '16.0678,108.2208',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitReady(baseURL, child);
  } catch (err) {
    child.kill('SIGKILL');
    await sink.close();
    throw err;
  }
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  project.provide('dataDir', dataDir);
  // One Chromium for the whole run: each file connects to it (launchBrowser) instead of
  // starting its own, which cost a second or two per file on this machine.
  const browserServer = await launchBrowserServer();
  project.provide('browserWs', browserServer.wsEndpoint());

  return async () => {
    await browserServer.close();
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    dataDir: string;
    /** The shared Chromium's endpoint (playwright's launchServer). */
    browserWs: string;
  }
}
