import { API, SHARE_LINK_LIMITS, ZShareLinkResponse } from '@giot-hong/contract';
import { count, eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns as campaignsTable, shortLinks } from '../../db/schema/index.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

type Campaign = {
  id: number;
  name: string;
  questionSetId: number;
  description: string;
  location: string;
  imageUrl: string | null;
};

/** A stand-in for the web build: the real template's head marker (see plugins/foundation.test.ts). */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  return dir;
}

const og = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('share links on %s', (kind) => {
  let t: TestContext;
  let campaigns: Campaign[];
  const share = (campaignId: unknown, remoteAddress?: string) =>
    t.request({ method: 'POST', url: API.shareLinks, payload: { campaignId }, remoteAddress });

  beforeAll(async () => {
    t = await createTestContext(kind, { config: { webDist: fakeWebDist() } });
    campaigns = (await t.request({ method: 'GET', url: API.campaigns })).body.data;
  });
  afterAll(() => t.close());

  it('creates a short link without login, and gives the same campaign the same code every time', async () => {
    const c = campaigns[0]!;
    const first = await share(c.id);
    expect(first.status).toBe(200);
    const body = ZShareLinkResponse.parse(first.body);
    expect(body.success).toBe(true);
    expect(body.data.code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(body.data.link).toBe(`http://portal.test/s/${body.data.code}`);
    expect(body.data.long_url).toBe(
      `http://portal.test/dang-ky-hien-mau?campaignId=${c.id}&questionset=${c.questionSetId}`,
    );

    const again = await Promise.all([share(c.id), share(c.id), share(c.id)]);
    expect(again.map((r) => r.body.data.link)).toEqual([body.data.link, body.data.link, body.data.link]);
    const other = await share(campaigns[1]!.id);
    expect(other.body.data.code).not.toBe(body.data.code);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(shortLinks)
      .where(eq(shortLinks.campaignId, c.id));
    expect(stored!.n).toBe(1);
  });

  it('concurrent first shares of one campaign end with a single code', async () => {
    const c = campaigns[2]!;
    const results = await Promise.all(Array.from({ length: 10 }, () => share(c.id)));
    expect(new Set(results.map((r) => r.body.data.code)).size).toBe(1);
  });

  it('refuses an unknown or invalid campaign with a Vietnamese message', async () => {
    const unknown = await share(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'Không tìm thấy chiến dịch',
    });
    const invalid = await share('abc');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: 'Chiến dịch không hợp lệ',
    });
  });

  it('redirects /s/{code} with 302 to the registration wizard of the campaign', async () => {
    const c = campaigns[1]!;
    const { code } = (await share(c.id)).body.data;
    const res = await t.app.inject({ method: 'GET', url: `/s/${code}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `http://portal.test/dang-ky-hien-mau?campaignId=${c.id}&questionset=${c.questionSetId}`,
    );
  });

  it('answers an unknown code with the 404 page, not JSON', async () => {
    for (const url of ['/s/ZZZZZZZZ', '/s/%3Cscript%3E', '/s/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<title>Không tìm thấy trang | Giọt Hồng</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('serves the wizard page with the campaign as Open Graph tags, by id or by the JSON of the campaign', async () => {
    const c = campaigns[0]!;
    const expectPreview = (html: string) => {
      expect(og(html, 'og:title')).toBe(`Đăng ký hiến máu: ${c.name}`);
      // Demo campaign 1: three days after 22/11/2026, receiving 07:00–11:30 Vietnam time.
      expect(og(html, 'og:description')!.startsWith(`25/11/2026, 07:00–11:30 · ${c.location}.`)).toBe(true);
      const description = og(html, 'og:description')!;
      expect(description.length).toBeLessThanOrEqual(200);
      expect(description.endsWith(c.description) || description.endsWith('…')).toBe(true);
      expect(og(html, 'og:image')).toBe(`http://portal.test${c.imageUrl}`);
      expect(html).toContain(`<title>Đăng ký hiến máu: ${c.name} | Giọt Hồng</title>`);
      // Facebook re-reads og:url: it must name this campaign, in one form whatever the link used.
      expect(og(html, 'og:url')).toBe(
        `http://portal.test/dang-ky-hien-mau?campaignId=${c.id}&amp;questionset=${c.questionSetId}`,
      );
      expect(html).toContain(
        `<link rel="canonical" href="http://portal.test/dang-ky-hien-mau?campaignId=${c.id}&amp;questionset=${c.questionSetId}">`,
      );
    };
    const byId = await t.request({
      method: 'GET',
      url: `/dang-ky-hien-mau?campaignId=${c.id}&questionset=${c.questionSetId}`,
    });
    expect(byId.status).toBe(200);
    expectPreview(byId.body);
    const json = encodeURIComponent(JSON.stringify(c));
    const byJson = await t.request({
      method: 'GET',
      url: `/dang-ky-hien-mau?campaignId=${json}&questionset=${c.questionSetId}`,
    });
    expect(byJson.status).toBe(200);
    expectPreview(byJson.body);
  });

  it('escapes campaign text in the head and falls back to the generic page for unknown campaigns', async () => {
    const [row] = await t.database.db
      .insert(campaignsTable)
      .values({
        name: 'Hiến máu "đặc biệt" <script>alert(1)</script>',
        location: 'Hà Nội & lân cận',
        description: 'Mô tả',
        organizeTime: new Date('2026-12-01T01:00:00Z'),
        startReceiveTime: new Date('2026-12-01T01:00:00Z'),
        endReceiveTime: new Date('2026-12-02T04:00:00Z'),
        targetBloodUnits: 10,
        questionSetId: campaigns[0]!.questionSetId,
      })
      .returning({ id: campaignsTable.id });
    const res = await t.request({ method: 'GET', url: `/dang-ky-hien-mau?campaignId=${row!.id}` });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('Hiến máu &quot;đặc biệt&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    // Two days: both dates shown; no picture of its own: the site's.
    expect(og(res.body, 'og:description')).toBe(
      '01/12/2026 08:00 – 02/12/2026 11:00 · Hà Nội &amp; lân cận. Mô tả',
    );
    expect(og(res.body, 'og:image')).toBe('http://portal.test/images/og-default.png');

    const unknown = await t.request({ method: 'GET', url: '/dang-ky-hien-mau?campaignId=999999' });
    expect(unknown.status).toBe(200);
    expect(og(unknown.body, 'og:title')).toBe('Giọt Hồng');
    const garbage = await t.request({ method: 'GET', url: '/dang-ky-hien-mau?campaignId=%7Bnot-json' });
    expect(garbage.status).toBe(200);
  });

  it('limits link creation per address with a Vietnamese 429', async () => {
    const c = campaigns[0]!;
    const ip = '203.0.113.77';
    const results = [];
    const max = SHARE_LINK_LIMITS.perIpMax;
    for (let i = 0; i <= max; i++) results.push(await share(c.id, ip));
    expect(results.slice(0, max).every((r) => r.status === 200)).toBe(true);
    const refused = results[max]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Bạn tạo liên kết chia sẻ quá nhanh. Vui lòng thử lại sau ít phút.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await share(c.id, '203.0.113.78')).status).toBe(200);
  });
});
