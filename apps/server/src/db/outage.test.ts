import { API, ERROR_MESSAGES } from '@giot-hong/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { fixedClock } from '../lib/clock.ts';
import { seedDemoData } from '../seed/seed.ts';
import { TEST_NOW } from '../../test/helper.ts';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../../test/private-postgres.ts';
import { openDatabase, type Database } from './client.ts';
import type { FastifyInstance } from 'fastify';

const bin = postgresBinaries();

/**
 * The database goes away under a running server and comes back: the server says so (503 in the
 * envelope, /readyz 503) within 5 s, no request hangs, and it recovers by itself within 30 s.
 */
describe.skipIf(!bin)('a PostgreSQL outage', () => {
  let pg: PrivatePostgres;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    pg = await startPrivatePostgres(bin!);
    database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
    await database.migrate();
    const clock = fixedClock(TEST_NOW);
    await seedDemoData(database.db, clock);
    dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-outage-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database, clock });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request, timed; none may take longer than the server's own timeouts allow. */
  async function timed(url: string) {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url });
    const ms = Date.now() - started;
    expect(ms, `${url} took ${ms} ms`).toBeLessThan(16_000);
    return { status: res.statusCode, body: res.json(), ms };
  }

  it(
    'answers 503 in the envelope within 5 s, then recovers without a restart',
    { timeout: 90_000 },
    async () => {
      expect((await timed(API.ready)).status).toBe(200);
      expect((await timed(API.news)).status).toBe(200);

      pg.stop();
      const down = Date.now();
      const ready = await timed(API.ready);
      const news = await timed(`${API.news}?search=mau`);
      expect(Date.now() - down).toBeLessThan(5_000);
      expect(ready).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      expect(news.status).toBe(503);
      expect(news.body).toMatchObject({
        success: false,
        data: null,
        code: 'UNAVAILABLE',
        message: ERROR_MESSAGES.UNAVAILABLE,
      });
      expect(typeof news.body.requestId).toBe('string');

      pg.start();
      const up = Date.now();
      let recovered = false;
      while (Date.now() - up < 30_000) {
        if ((await timed(API.ready)).status === 200 && (await timed(API.news)).status === 200) {
          recovered = true;
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(recovered).toBe(true);
    },
  );
});
