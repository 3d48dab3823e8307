import { API } from '@giot-hong/contract';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, DB_KINDS } from '../../test/helper.ts';
import {
  freePort,
  processSecrets,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';

/** The migrations drizzle knows of (meta/_journal.json): each must be applied exactly once. */
const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'),
) as { entries: { tag: string; when: number }[] };

// PostgreSQL only: the embedded database lives in one process's directory, which db/lock.ts
// already keeps to one process. Several portal processes share one PostgreSQL (deploy/).
describe.skipIf(!DB_KINDS.includes('postgres'))('two processes starting at once on one PostgreSQL', () => {
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'giothong-migrate-')));
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    await drop?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('both come up on an empty database and the migrations run once', { timeout: 240_000 }, async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    // The way a deployment starts them: production, the same secrets, no demo data.
    const env = {
      NODE_ENV: 'production',
      MAIL_MODE: 'outbox',
      SEED_DEMO_DATA: 'false',
      SCHEDULER_ENABLED: 'true',
      ...processSecrets(),
    };
    const ports = [await freePort(), await freePort()];
    const started = await Promise.allSettled(
      dirs.map((dataDir, i) =>
        // Two starts at once on two cores: each may take longer than one alone.
        startServerProcess({
          dataDir,
          port: ports[i]!,
          databaseUrl: created.url,
          env,
          startTimeoutMs: 120_000,
        }),
      ),
    );
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    // A process that failed to start rejected with its output: show it.
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    for (const s of servers) {
      expect(s.output()).not.toMatch(/✖|error|lỗi/i);
      const ready = await fetch(`${s.base}${API.ready}`);
      expect(ready.status).toBe(200);
    }

    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ created_at: string; n: number }>(
        'select created_at, count(*)::int as n from drizzle.__drizzle_migrations group by created_at order by created_at',
      );
      expect(rows).toEqual(journal.entries.map((e) => ({ created_at: String(e.when), n: 1 })));
      // The schema is whole: the last migration's work is there (a table every request reads).
      const { rows: tables } = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'campaigns'",
      );
      expect(tables).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
  });
});
