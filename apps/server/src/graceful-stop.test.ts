import { API } from '@giot-hong/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { DEMO_PASSWORDS } from './seed/seed.ts';

const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The real start script (`main.ts`) in a child process, on the embedded database. */
async function startServer(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      // eslint-disable-next-line no-restricted-properties -- the child inherits PATH and the like
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      SCHEDULER_ENABLED: 'true',
    },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('đang chạy tại') && output.includes('README.md')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, output: () => output };
}

describe('stopping the server with SIGTERM under load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-stop-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'finishes the requests in flight, refuses new ones, closes the database and releases the scheduler',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = await startServer(dataDir, port);
      // The start log names the demo accounts, never a password.
      expect(server.output()).toContain('nguoihienmau');
      for (const password of Object.values(DEMO_PASSWORDS)) expect(server.output()).not.toContain(password);

      // Slow requests (each hashes a password) in flight when the signal comes.
      const inFlight = Array.from({ length: 24 }, (_, i) =>
        fetch(`${base}${API.authLogin}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `khong_co_${i}`, password: 'Sai-Mat-Khau-1' }),
        }).then(
          async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean } }),
          // Refused at connect: it came after the server stopped listening (a new request).
          (err: Error & { cause?: { syscall?: string } }) => {
            if (err.cause?.syscall !== 'connect') throw err;
            return { status: 0, body: { success: false } };
          },
        ),
      );
      // The signal comes once the server is answering them, whatever the speed of the machine.
      await Promise.race(inFlight);
      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      server.child.kill('SIGTERM');

      const answers = await Promise.all(inFlight);
      for (const a of answers) {
        // Every request that reached the server got its real answer (wrong login) or, if it arrived
        // while stopping, the 503 envelope; others were refused at connect: none was cut off.
        expect([0, 401, 503]).toContain(a.status);
        expect(a.body.success).toBe(false);
      }
      expect(answers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
      expect(await exited).toBe(0);
      expect(server.output()).toContain('shutting down');

      // New connections are refused once it is gone.
      await expect(fetch(`${base}${API.health}`)).rejects.toThrow();

      // The embedded database was closed cleanly: its lock is free and it opens at once; no
      // scheduled task is left claimed by the stopped process.
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      try {
        const result = await database.db.execute(
          sql`select count(*)::int as n, count(locked_by)::int as locked from scheduled_tasks`,
        );
        const row = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]))[0] as {
          n: number;
          locked: number;
        };
        expect(row.n).toBeGreaterThan(0);
        const rows = await database.db.execute(sql`select name, locked_by, last_run_at from scheduled_tasks`);
        expect(row.locked, JSON.stringify((rows as { rows?: unknown[] }).rows)).toBe(0);
      } finally {
        await database.close();
      }
    },
  );
});
