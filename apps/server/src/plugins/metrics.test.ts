import { API, CURRENT_DONOR_TERMS_VERSION } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../test/auth.ts';
import {
  createPostgresDatabase,
  createTestContext,
  DB_KINDS,
  EMBEDDED_ONLY,
  type TestContext,
} from '../../test/helper.ts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { createMetrics } from './metrics.ts';
import { generateIdentities } from '../../test/idcard/identities.ts';
import { renderCard } from '../../test/idcard/render-card.ts';
import { multipart } from '../../test/multipart.ts';
import { parsePrometheusText, samplesOf } from '../../test/prometheus-text.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { TASK_NAMES } from '../jobs/jobs.ts';

// The embedded database only (test/helper.ts, EMBEDDED_ONLY): this file tests what the app counts
// and who may read it. One test at the end times statements through pg's driver and reads its
// pool, on PostgreSQL when TEST_DATABASE_URL is set.

/** /metrics read on the main port from loopback, parsed strictly. */
async function scrape(t: TestContext) {
  const res = await t.app.inject({ method: 'GET', url: API.metrics, remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
  return parsePrometheusText(res.body);
}

describe.each(EMBEDDED_ONLY)('GET /metrics on %s', (kind) => {
  let t: TestContext;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestContext(kind, { seed: false, env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('counts requests by route pattern and status, never by raw address', async () => {
    const missing = await t.request({
      method: 'GET',
      url: `${API.newsById(987654)}?q=lan.nguyen@example.vn`,
    });
    expect(missing.status).toBe(404);
    expect((await t.request({ method: 'GET', url: API.health })).status).toBe(200);
    const families = await scrape(t);
    expect(families.get('giothong_http_requests_total')?.type).toBe('counter');
    expect(
      samplesOf(families, 'giothong_http_requests_total', {
        method: 'GET',
        route: '/api/news/:id',
        status_code: '404',
      })[0]?.value,
    ).toBe(1);
    expect(
      samplesOf(families, 'giothong_http_request_duration_seconds_count', {
        route: API.health,
        status_code: '200',
      })[0]?.value,
    ).toBe(1);
    // No id, query string or address anywhere in a label.
    const values = [...families.values()].flatMap((f) => f.samples.flatMap((s) => Object.values(s.labels)));
    for (const v of values) {
      expect(v).not.toContain('987654');
      expect(v).not.toContain('@');
      expect(v).not.toContain('?');
    }
    // Process metrics and the database's query time.
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
    expect(
      samplesOf(families, 'giothong_db_query_duration_seconds_count', { outcome: 'ok' })[0]?.value,
    ).toBeGreaterThan(0);
    // No pool on the embedded database.
    expect(families.has('giothong_db_pool_connections')).toBe(false);
  });

  it('counts a scheduled task run and its failure by task name', async () => {
    const before = samplesOf(await scrape(t), 'giothong_task_runs_total', { task: TASK_NAMES.erasure })[0];
    // Every task shows from the start, at 0.
    expect(before?.value).toBe(0);
    expect(await t.app.scheduler.runNow(TASK_NAMES.erasure)).toEqual({ status: 'ran', error: null });
    const original = t.app.dataRights.eraseDue;
    t.app.dataRights.eraseDue = async () => {
      throw new Error('boom');
    };
    try {
      expect(await t.app.scheduler.runNow(TASK_NAMES.erasure)).toMatchObject({
        status: 'ran',
        error: 'boom',
      });
    } finally {
      t.app.dataRights.eraseDue = original;
    }
    const families = await scrape(t);
    expect(samplesOf(families, 'giothong_task_runs_total', { task: TASK_NAMES.erasure })[0]?.value).toBe(2);
    expect(samplesOf(families, 'giothong_task_failures_total', { task: TASK_NAMES.erasure })[0]?.value).toBe(
      1,
    );
    expect(samplesOf(families, 'giothong_task_failures_total', { task: TASK_NAMES.appeals })[0]?.value).toBe(
      0,
    );
    expect(
      samplesOf(families, 'giothong_task_duration_seconds_count', { task: TASK_NAMES.erasure })[0]?.value,
    ).toBe(2);
  });

  it('counts mails sent through SMTP and mails that failed', async () => {
    await t.app.mailer.send({ to: 'lan.nguyen@example.vn', subject: 'Thử', html: '<p>Thử</p>', text: 'Thử' });
    await sink.waitFor((m) => m.subject === 'Thử');
    // A recipient the sink refuses (an address with no domain part).
    await expect(
      t.app.mailer.send({ to: 'not-an-address', subject: 'Hỏng', html: '', text: '' }),
    ).rejects.toThrow();
    const families = await scrape(t);
    expect(
      samplesOf(families, 'giothong_mails_total', { transport: 'smtp', outcome: 'sent' })[0]?.value,
    ).toBe(1);
    expect(
      samplesOf(families, 'giothong_mails_total', { transport: 'smtp', outcome: 'failed' })[0]?.value,
    ).toBe(1);
  });

  // The first upload starts the app's reading thread and its OCR model (ADR 32).
  it('times the reading of an uploaded ID-card side', { timeout: 120_000 }, async () => {
    const { auth } = await createLoggedInUser(t);
    const accepted = await t.request({
      method: 'POST',
      url: API.userTermsAcceptance,
      headers: auth,
      payload: { termsVersion: CURRENT_DONOR_TERMS_VERSION, accepted: true },
    });
    expect(accepted.status).toBe(200);
    const card = await renderCard(generateIdentities(1, 777)[0]!, 'clean', 1);
    const body = multipart([
      { name: 'type', value: 'front' },
      { name: 'image', value: card.front, filename: 'cccd.png', type: 'image/png' },
    ]);
    const res = await t.request({
      method: 'POST',
      url: API.recognitionId,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.status).toBe(200);
    const families = await scrape(t);
    expect(
      samplesOf(families, 'giothong_idcard_extraction_duration_seconds_count', {
        side: 'front',
        outcome: 'ok',
      })[0]?.value,
    ).toBe(1);
    expect(samplesOf(families, 'giothong_idcard_extractions_in_flight')[0]?.value).toBe(0);
    // The pool's own figures: one side waited and ran, none was refused, none waits now.
    expect(
      samplesOf(families, 'giothong_idcard_task_duration_seconds_count', { phase: 'run' })[0]?.value,
    ).toBe(1);
    expect(
      samplesOf(families, 'giothong_idcard_task_duration_seconds_count', { phase: 'wait' })[0]?.value,
    ).toBe(1);
    expect(samplesOf(families, 'giothong_idcard_rejected_total')[0]?.value).toBe(0);
    expect(samplesOf(families, 'giothong_idcard_queue_length')[0]?.value).toBe(0);
  });

  it('answers 404 to a caller that is not this machine, or that came through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: API.metrics, remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('giothong_');
    // A proxy on this machine connects from loopback and names the client in X-Forwarded-For.
    const proxied = await t.app.inject({
      method: 'GET',
      url: API.metrics,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
    const ipv6 = await t.app.inject({ method: 'GET', url: API.metrics, remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });
});

describe('GET /metrics behind a proxy (TRUST_PROXY=true)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', { seed: false, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('is refused to a remote client whose request the local proxy relays, even one claiming to be loopback', async () => {
    // The proxy appends the real client; in the second the client wrote "127.0.0.1" itself.
    for (const forwarded of ['203.0.113.7', '127.0.0.1, 203.0.113.7', '203.0.113.7, 127.0.0.1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: API.metrics,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(res.statusCode, forwarded).toBe(404);
    }
    const forwardedHeader = await t.app.inject({
      method: 'GET',
      url: API.metrics,
      remoteAddress: '127.0.0.1',
      headers: { forwarded: 'for=203.0.113.7' },
    });
    expect(forwardedHeader.statusCode).toBe(404);
    // A scraper on this machine, straight to the port.
    const direct = await t.app.inject({ method: 'GET', url: API.metrics, remoteAddress: '127.0.0.1' });
    expect(direct.statusCode).toBe(200);
  });
});

describe('METRICS_ALLOW=off and METRICS_PORT', () => {
  it('METRICS_ALLOW=off serves it to nobody', async () => {
    const t = await createTestContext('pglite', { seed: false, env: { METRICS_ALLOW: 'off' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: API.metrics, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('giothong_');
    } finally {
      await t.close();
    }
  });

  it('with METRICS_PORT, serves it there and never on the main port', async () => {
    const t = await createTestContext('pglite', {
      seed: false,
      config: { metrics: { allow: 'loopback', port: 0, host: '127.0.0.1' } },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const mainPort = (t.app.server.address() as { port: number }).port;
      const main = await fetch(`http://127.0.0.1:${mainPort}${API.metrics}`);
      expect(main.status).toBe(404);
      expect(await main.text()).not.toContain('giothong_');
      const metricsPort = await t.app.listenMetrics();
      expect(metricsPort).toBeGreaterThan(0);
      const res = await fetch(`http://127.0.0.1:${metricsPort}${API.metrics}`);
      expect(res.status).toBe(200);
      const families = parsePrometheusText(await res.text());
      // The refused request to the main port was counted, under its route.
      expect(samplesOf(families, 'giothong_http_requests_total', { status_code: '404' }).length).toBe(1);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('refuses a METRICS_PORT equal to PORT, and an unknown METRICS_ALLOW', async () => {
    const { loadConfig } = await import('../config.ts');
    const dataDir = (await import('node:os')).tmpdir();
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '3000', METRICS_PORT: '3000' }),
    ).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, METRICS_ALLOW: 'everyone' })).toThrow(
      /METRICS_ALLOW/,
    );
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('database metrics on PostgreSQL', () => {
  it('times statements through the pool, in and out of transactions, and reads the pool when scraped', async () => {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    const metrics = createMetrics(database);
    try {
      await database.db.execute(sql`select 1`);
      await database.db.execute(sql`select no_such_column`).catch(() => undefined);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
      });
      const families = parsePrometheusText(await metrics.registry.metrics());
      // select 1; begin, select 2, commit.
      expect(
        samplesOf(families, 'giothong_db_query_duration_seconds_count', { outcome: 'ok' })[0]?.value,
      ).toBe(4);
      expect(
        samplesOf(families, 'giothong_db_query_duration_seconds_count', { outcome: 'error' })[0]?.value,
      ).toBe(1);
      expect(families.get('giothong_db_pool_connections')?.type).toBe('gauge');
      expect(
        samplesOf(families, 'giothong_db_pool_connections', { state: 'total' })[0]?.value,
      ).toBeGreaterThan(0);
      expect(samplesOf(families, 'giothong_db_pool_connections', { state: 'waiting' })[0]?.value).toBe(0);
    } finally {
      metrics.close();
      await database.close();
      await created.drop();
    }
  });
});
