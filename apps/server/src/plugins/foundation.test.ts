import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, fakeWebDist, type TestContext } from '../../test/helper.ts';

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('foundation on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { config: { webDist: fakeWebDist() } });
  });
  afterAll(() => t.close());

  it('answers health and readiness', async () => {
    expect((await t.request({ method: 'GET', url: '/healthz' })).body).toEqual({ status: 'ok' });
    expect((await t.request({ method: 'GET', url: '/readyz' })).body).toEqual({ status: 'ready' });
  });

  it('gives every response a request id, echoing a well-formed incoming one', async () => {
    const own = await t.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc12345-test' },
    });
    expect(own.headers['x-request-id']).toBe('abc12345-test');
    const generated = await t.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': '<script>' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a strict CSP: scripts only from our origin, no inline script, no framing', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // The service worker and the web app manifest: our origin only.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on API answers, pages and errors, without HSTS', async () => {
    for (const url of ['/api/campaigns', '/tin-tuc', '/api/khong-co', '/healthz']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self';script-src 'self';");
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-site');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('answers unknown API paths with the JSON error envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/api/khong-co' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      success: false,
      data: null,
      code: 'NOT_FOUND',
      message: 'Không tìm thấy dữ liệu',
    });
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers invalid input with a Vietnamese message and the VALIDATION code', async () => {
    const res = await t.request({ method: 'GET', url: '/api/news?limit=abc' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', data: null });
    const missing = await t.request({ method: 'GET', url: '/api/news/999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Không tìm thấy tin tức');
  });

  it('tells an oversized JSON body and malformed JSON apart from a too-large file', async () => {
    const big = await t.request({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect([big.status, big.body.code, big.body.message]).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
      'Dữ liệu gửi lên quá lớn',
    ]);
    const broken = await t.request({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect([broken.status, broken.body.code, broken.body.message]).toEqual([
      400,
      'VALIDATION',
      'Dữ liệu không hợp lệ',
    ]);
  });

  it('serves pages with their own title and Open Graph tags, and 404 for unknown pages', async () => {
    const home = await t.request({ method: 'GET', url: '/' });
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Giọt Hồng — Hiến máu tình nguyện, cứu người</title>');
    expect(home.body).toContain('<meta property="og:url" content="http://portal.test/">');
    const unknown = await t.request({ method: 'GET', url: '/khong-ton-tai' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
    expect(unknown.body).toContain('<meta name="robots" content="noindex">');
  });

  it('lists jobs (including those with extra id fields) and organizations', async () => {
    const jobs = await t.request({ method: 'GET', url: '/api/static/jobs' });
    const names = jobs.body.data.map((j: { job: string }) => j.job);
    expect(names).toEqual(expect.arrayContaining(['Sinh viên', 'Bộ đội', 'Công an', 'Quân nhân']));
    const orgs = await t.request({ method: 'GET', url: '/api/organization/by-type/other' });
    expect(orgs.body.success).toBe(true);
    expect(orgs.body.data.length).toBeGreaterThan(3);
    expect(orgs.body.data.every((o: { type: string }) => o.type === 'OTHER')).toBe(true);
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/campaigns',
        '/api/news',
        '/api/news/{id}',
        '/api/static/jobs',
        '/api/organization/by-type/other',
      ]),
    );
    const ui = await t.request({ method: 'GET', url: '/api/docs' });
    expect(ui.status).toBeLessThan(400);
  });
});
