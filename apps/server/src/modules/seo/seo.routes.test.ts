import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { news } from '../../db/schema/index.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { createNewsRepository } from '../news/news.repository.ts';
import { prepareNews } from '../news/news.service.ts';
import { renderHeadTags } from './page-meta.ts';

const PUBLIC = 'http://portal.test';

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('search engines and link previews on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  const newsIds = async () =>
    (await t.database.db.select({ id: news.id }).from(news).where(eq(news.isPublished, true))).map(
      (r) => r.id,
    );
  const metaFor = async (pathname: string) => {
    for (const resolve of t.app.pageMetaResolvers) {
      const meta = await resolve(pathname, {} as never);
      if (meta) return meta;
    }
    return undefined;
  };

  it('robots.txt keeps crawlers out of the private pages and points to the sitemap', async () => {
    const res = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /trang-ca-nhan',
        'Disallow: /doi-mat-khau',
        'Disallow: /thong-bao',
        'Disallow: /dang-ky-hien-mau',
        'Disallow: /xac-thuc-otp',
        'Disallow: /thay-doi-mat-khau',
        'Disallow: /chao-mung-can-bo',
        'Disallow: /loi-keu-goi',
        'Disallow: /dev/',
        'Disallow: /api/',
        '',
        `Sitemap: ${PUBLIC}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('sitemap.xml lists the public pages and every published news item, and no private page', async () => {
    const hidden = await createNewsRepository(t.database.db).insert({
      title: 'Bản nháp',
      ...prepareNews({ title: 'Bản nháp', content: '<p>chưa đăng</p>' }),
      isPublished: false,
    });
    const res = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body as string;
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const ids = await newsIds();
    expect(ids).toHaveLength(13);
    expect(locs.sort()).toEqual(
      [
        `${PUBLIC}/`,
        `${PUBLIC}/tin-tuc`,
        `${PUBLIC}/cau-hoi-thuong-gap`,
        `${PUBLIC}/lien-he`,
        `${PUBLIC}/dieu-khoan-su-dung`,
        ...ids.map((id) => `${PUBLIC}/tin-tuc/${id}`),
      ].sort(),
    );
    expect(locs).not.toContain(`${PUBLIC}/tin-tuc/${hidden.id}`);
    // The newest item was created one day before the fixed "now" (22/11/2026).
    expect(xml).toMatch(/<loc>[^<]+\/tin-tuc\/\d+<\/loc><lastmod>2026-11-20<\/lastmod>/);
    await t.database.db.delete(news).where(eq(news.id, hidden.id));
  });

  it('answers HEAD for both files, and their paths are not API 404s', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      expect((await t.request({ method: 'HEAD', url })).status).toBe(200);
    }
  });

  it('a news page gets its own title, description from its text, thumbnail and article type', async () => {
    const [first] = await t.database.db
      .select()
      .from(news)
      .where(eq(news.title, 'Quy trình 6 bước khi tham gia hiến máu'));
    const meta = await metaFor(`/tin-tuc/${first!.id}`);
    expect(meta).toEqual({
      title: 'Quy trình 6 bước khi tham gia hiến máu',
      description:
        'Đăng ký và xuất trình giấy tờ tùy thân. Trả lời phiếu câu hỏi sức khỏe. Khám sàng lọc, đo huyết áp. Xét nghiệm nhanh. Hiến máu. Nghỉ ngơi, nhận quà và giấy…',
      image: '/images/news/news-08.webp',
      type: 'article',
      publishedTime: first!.createdAt.toISOString(),
    });
  });

  it('cuts a long description on a word boundary with an ellipsis', async () => {
    const [item] = await t.database.db
      .select()
      .from(news)
      .where(eq(news.title, 'Giấy chứng nhận hiến máu có giá trị gì?'));
    const meta = await metaFor(`/tin-tuc/${item!.id}`);
    expect(meta!.description.length).toBeLessThanOrEqual(160);
    expect(meta!.description).toMatch(
      /^Người hiến máu được cấp giấy chứng nhận hiến máu tình nguyện\. .*[^\s]…$/,
    );
  });

  it.each(['/tin-tuc/999999', '/tin-tuc/99999999999'])(
    '%s is not found (the page answers 404)',
    async (pathname) => {
      expect(await metaFor(pathname)).toMatchObject({
        notFound: true,
        noindex: true,
        title: 'Không tìm thấy tin tức',
      });
    },
  );

  it('leaves other pages to the static meta', async () => {
    expect(await metaFor('/tin-tuc')).toBeUndefined();
    expect(await metaFor('/lien-he')).toBeUndefined();
  });

  it('escapes a hostile title in the head tags', async () => {
    const title = '"><script>alert(1)</script>';
    const created = await createNewsRepository(t.database.db).insert({
      title,
      ...prepareNews({ title, content: '<p>x</p>' }),
      // The publication time: donors see an item once it has passed (the test clock is fixed).
      createdAt: t.clock.now(),
    });
    const meta = await metaFor(`/tin-tuc/${created.id}`);
    const head = renderHeadTags(meta!, `${PUBLIC}/tin-tuc/${created.id}`, PUBLIC);
    expect(head).not.toContain('<script>');
    expect(head).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Giọt Hồng</title>');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:image" content="http://portal.test/images/og-default.png">');
    await t.database.db.delete(news).where(eq(news.id, created.id));
  });
});
