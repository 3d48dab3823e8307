import { API } from '@giot-hong/contract';
import Fastify, { type InjectOptions } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';
import { COMPRESSION_THRESHOLD, negotiateEncoding, registerCompression } from './compression.ts';

const SERVICE_WORKER = "self.addEventListener('fetch', () => {});\n";
const WEB_MANIFEST = JSON.stringify({ name: 'Giọt Hồng', start_url: '/' });
const SCRIPT = `console.log(${JSON.stringify('Giọt Hồng '.repeat(400))});\n`;

/** A stand-in for the web build: a page template over the threshold and one precompressed asset. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="root"></div><!-- ${'x'.repeat(2000)} --><script type="module" src="/assets/app-1a2b3c.js"></script></body></html>`,
  );
  writeFileSync(path.join(dir, 'assets/app-1a2b3c.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'sw.js'), SERVICE_WORKER);
  writeFileSync(path.join(dir, 'manifest.webmanifest'), WEB_MANIFEST);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['GZIP ; Q=0.9', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('the compression threshold', () => {
  it("counts a text's UTF-8 bytes, not its characters", async () => {
    const app = Fastify();
    registerCompression(app);
    app.get('/text', (request, reply) =>
      reply.type('text/plain; charset=utf-8').send((request.query as { body: string }).body),
    );
    const sent = async (body: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/text',
        query: { body },
        headers: { 'accept-encoding': 'gzip' },
      });
      const encoding = res.headers['content-encoding'];
      expect(encoding === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body).toBe(body);
      return encoding ?? 'identity';
    };
    expect(await sent('a'.repeat(COMPRESSION_THRESHOLD - 1))).toBe('identity');
    expect(await sent('a'.repeat(COMPRESSION_THRESHOLD))).toBe('gzip');
    // 'ệ' is three bytes in UTF-8: 341 of them are 1,023 bytes, 342 are 1,026.
    expect(await sent('ệ'.repeat(341))).toBe('identity');
    expect(await sent('ệ'.repeat(342))).toBe('gzip');
    await app.close();
  });
});

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('compression and revalidation on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { config: { webDist: fakeWebDist() } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: InjectOptions['headers'] = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the campaign list as brotli, gzip or as it is, by Accept-Encoding, with Vary', async () => {
    const plain = await get(API.campaigns);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = plain.body;
    expect(JSON.parse(json).data.length).toBeGreaterThanOrEqual(6);
    expect(Buffer.byteLength(json)).toBeGreaterThan(1024);
    // The list is kept as bytes: its length is its bytes', Vietnamese letters and all.
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(json)));
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');

    const br = await get(API.campaigns, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(json) / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);

    const gz = await get(API.campaigns, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json);

    const refused = await get(API.campaigns, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(json);

    // The same version compressed twice is the same bytes (kept, not recompressed).
    const again = await get(API.campaigns, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('answers 304 without a body to a matching If-None-Match on the public lists', async () => {
    for (const url of [
      API.campaigns,
      API.news,
      `${API.news}?offset=1&limit=2`,
      API.jobs,
      API.organizationsOther,
    ]) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      const same = await get(url, { 'if-none-match': etag, 'accept-encoding': 'br' });
      expect(same.statusCode, url).toBe(304);
      expect(same.rawPayload.length, url).toBe(0);
      expect(same.headers.etag, url).toBe(etag);
      expect(same.headers['content-encoding'], url).toBeUndefined();
      // A list of tags, or the tag without its weak prefix, matches too.
      const listed = await get(url, { 'if-none-match': `"old", ${etag.slice(2)}` });
      expect(listed.statusCode, url).toBe(304);
      const stale = await get(url, { 'if-none-match': 'W/"old"' });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.headers.etag, url).toBe(etag);
    }
    const one = (await get(API.news)).headers.etag;
    const two = (await get(`${API.news}?offset=1&limit=2`)).headers.etag;
    expect(one).not.toBe(two);
  });

  it('gives a changed campaign list a new ETag', async () => {
    const before = (await get(API.campaigns)).headers.etag as string;
    // The first campaign's receive window ends: the list changes.
    t.clock.set('2026-11-26T00:00:00.000Z');
    const after = await get(API.campaigns, { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.body).not.toContain('Ngày hội Chủ nhật Đỏ 2026');
  });

  it('compresses the page HTML and leaves small JSON bodies alone', async () => {
    const page = await get('/tin-tuc', { 'accept-encoding': 'gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root"></div>');
    const missing = await get('/khong-ton-tai', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain(
      '<meta name="robots" content="noindex">',
    );

    const health = await get(API.health, { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('serves the precompressed build assets by Accept-Encoding, immutable, with Vary', async () => {
    const url = '/assets/app-1a2b3c.js';
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0.1' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves only the names the build has, each read once, and a plain 404 for any other', async () => {
    const url = '/assets/app-1a2b3c.js';
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(first.rawPayload.length),
      0,
    ]);
    // The build's files do not change while the server runs: the bytes read at the first request
    // are what later ones get, even with the file gone from the disk.
    rmSync(path.join(t.app.config.webDist, 'assets/app-1a2b3c.js.br'));
    const again = await get(url, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    for (const missing of [
      '/assets/khong-co.js',
      '/assets/app-1a2b3c.js.map',
      '/assets/..%2findex.html',
      '/assets/APP-1A2B3C.JS',
    ]) {
      // A missing file gets the page handler's plain 404, never a file nor a page.
      const res = await get(missing);
      expect([res.statusCode, res.body], missing).toEqual([404, 'Không tìm thấy']);
      expect(res.headers['cache-control'], missing).toBeUndefined();
    }
  });

  it('has the service worker and the web app manifest checked with the server at every visit', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toBe(SERVICE_WORKER);

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Giọt Hồng', start_url: '/' });

    // Other files at the root keep their hour.
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });
});
