import { API } from '@giot-hong/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { openDatabase, rowsOf } from './db/client.ts';
import { DEMO_PASSWORDS } from './seed/seed.ts';
import { createPostgresDatabase, DB_KINDS, type DbKind } from '../test/helper.ts';
import { freePort, startServerProcess } from '../test/server-process.ts';

// On both databases (test/helper.ts, DB_KINDS): a process stopped under load, and its database closed cleanly.
describe.each(DB_KINDS)('stopping the server with SIGTERM under load on %s', (kind: DbKind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-stop-'));
  let dropPg: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await dropPg?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'finishes the requests in flight, refuses new ones, closes the database and releases the scheduler',
    { timeout: 120_000 },
    async () => {
      let databaseUrl: string | undefined;
      if (kind === 'postgres') {
        const created = await createPostgresDatabase();
        databaseUrl = created.url;
        dropPg = created.drop;
      }
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = await startServerProcess({
        dataDir,
        port,
        databaseUrl,
        env: { SCHEDULER_ENABLED: 'true' },
      });
      // The start log names the demo accounts, never a password.
      expect(server.output()).toContain('nguoihienmau');
      for (const password of Object.values(DEMO_PASSWORDS)) expect(server.output()).not.toContain(password);

      // Slow requests (each hashes a password) in flight when the signal comes: few enough that a
      // loaded machine finishes them within the 10 s a stopping process allows itself.
      const inFlight = Array.from({ length: 8 }, (_, i) =>
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
      server.child.kill('SIGTERM');

      const answers = await Promise.all(inFlight);
      for (const a of answers) {
        // Every request that reached the server got its real answer (wrong login) or, if it arrived
        // while stopping, the 503 envelope; others were refused at connect: none was cut off.
        expect([0, 401, 503]).toContain(a.status);
        expect(a.body.success).toBe(false);
      }
      expect(answers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
      expect(await server.exited, server.output().slice(-3000)).toBe(0);
      expect(server.output()).toContain('shutting down');

      // New connections are refused once it is gone.
      await expect(fetch(`${base}${API.health}`)).rejects.toThrow();

      if (databaseUrl) {
        // PostgreSQL: the stopped process left no connection behind (its pool was ended). A backend
        // leaves pg_stat_activity a moment after its client said goodbye: on a loaded machine the
        // first look has seen it still there.
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          await vi.waitFor(
            async () => {
              const left = await admin.query<{ n: number }>(
                'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
              );
              expect(left.rows[0]!.n).toBe(0);
            },
            { timeout: 10_000, interval: 100 },
          );
        } finally {
          await admin.end();
        }
      }
      // The database was closed cleanly (the embedded one: its lock is free and it opens at once);
      // no scheduled task is left claimed by the stopped process.
      const database = databaseUrl
        ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 })
        : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      try {
        const result = await database.db.execute(
          sql`select count(*)::int as n, count(locked_by)::int as locked from scheduled_tasks`,
        );
        const row = rowsOf<{ n: number; locked: number }>(result)[0]!;
        expect(row.n).toBeGreaterThan(0);
        const rows = await database.db.execute(sql`select name, locked_by, last_run_at from scheduled_tasks`);
        expect(row.locked, JSON.stringify(rowsOf(rows))).toBe(0);
      } finally {
        await database.close();
      }
    },
  );
});
