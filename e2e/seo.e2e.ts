import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser.ts';

/**
 * What a link preview (Facebook, Zalo) or a search engine sees: the raw HTML the real built
 * server answers, before any script runs.
 */
type Head = {
  status: number;
  html: string;
  head: string;
  title: string | undefined;
  og: Record<string, string>;
  meta: Record<string, string>;
};

async function fetchHead(path: string): Promise<Head> {
  const res = await fetch(`${baseURL()}${path}`);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const og: Record<string, string> = {};
  const meta: Record<string, string> = {};
  for (const [tag] of head.matchAll(/<meta [^>]+>/g)) {
    const property = attr(tag, 'property');
    const name = attr(tag, 'name');
    const content = attr(tag, 'content') ?? '';
    if (property) og[property] = content;
    if (name) meta[name] = content;
  }
  return { status: res.status, html, head, title: /<title>([^<]*)<\/title>/.exec(head)?.[1], og, meta };
}

/** Every title and og: tag comes before the first script of the page. */
function expectMetaBeforeScripts(h: Head) {
  const firstScript = h.html.indexOf('<script');
  expect(firstScript).toBeGreaterThan(0);
  for (const marker of [
    '<title>',
    'property="og:title"',
    'property="og:description"',
    'property="og:image"',
    'property="og:url"',
    'property="og:type"',
  ]) {
    const at = h.html.indexOf(marker);
    expect(at, marker).toBeGreaterThan(0);
    expect(at, marker).toBeLessThan(firstScript);
  }
}

describe('per-page HTML for link previews and search engines', () => {
  it.each([
    ['/', 'Giọt Hồng — Hiến máu tình nguyện, cứu người', 'Giọt Hồng — Hiến máu tình nguyện, cứu người'],
    ['/tin-tuc', 'Tin tức hiến máu | Giọt Hồng', 'Tin tức hiến máu'],
    ['/cau-hoi-thuong-gap', 'Câu hỏi thường gặp về hiến máu | Giọt Hồng', 'Câu hỏi thường gặp về hiến máu'],
    ['/lien-he', 'Liên hệ | Giọt Hồng', 'Liên hệ'],
    ['/dieu-khoan-su-dung', 'Điều khoản sử dụng | Giọt Hồng', 'Điều khoản sử dụng'],
  ])('%s has its own title and Open Graph tags before any script', async (path, title, ogTitle) => {
    const h = await fetchHead(path);
    expect(h.status).toBe(200);
    expect(h.title).toBe(title);
    expect(h.og['og:title']).toBe(ogTitle);
    expect(h.og['og:type']).toBe('website');
    expect(h.og['og:url']).toBe(`${baseURL()}${path}`);
    expect(h.og['og:image']).toBe(`${baseURL()}/images/og-default.png`);
    expect(h.og['og:description']!.length).toBeGreaterThan(20);
    expect(h.meta.description).toBe(h.og['og:description']);
    expect(h.meta.robots).toBeUndefined();
    expectMetaBeforeScripts(h);
  });

  it('a news item has its title, the start of its text, its thumbnail and the article type', async () => {
    const list = (await (
      await fetch(`${baseURL()}/api/news?search=${encodeURIComponent('quy trình 6 bước')}`)
    ).json()) as {
      data: { data: { id: number; title: string; createdAt: string }[] };
    };
    const item = list.data.data[0]!;
    expect(item.title).toBe('Quy trình 6 bước khi tham gia hiến máu');
    const h = await fetchHead(`/tin-tuc/${item.id}`);
    expect(h.status).toBe(200);
    expect(h.title).toBe('Quy trình 6 bước khi tham gia hiến máu | Giọt Hồng');
    expect(h.og['og:title']).toBe('Quy trình 6 bước khi tham gia hiến máu');
    expect(h.og['og:type']).toBe('article');
    expect(h.og['og:description']).toMatch(
      /^Đăng ký và xuất trình giấy tờ tùy thân\. Trả lời phiếu câu hỏi sức khỏe\. .+…$/,
    );
    expect(h.og['og:image']).toBe(`${baseURL()}/images/news/news-08.webp`);
    expect(h.og['og:url']).toBe(`${baseURL()}/tin-tuc/${item.id}`);
    expect(h.og['article:published_time']).toBe(item.createdAt);
    expectMetaBeforeScripts(h);
    // The preview image really exists.
    const image = await fetch(h.og['og:image']!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('every public page has a different title', async () => {
    const titles = await Promise.all(
      ['/', '/tin-tuc', '/tin-tuc/1', '/cau-hoi-thuong-gap', '/lien-he', '/dieu-khoan-su-dung'].map(
        async (p) => (await fetchHead(p)).title,
      ),
    );
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('a news id that does not exist answers 404 with noindex', async () => {
    const h = await fetchHead('/tin-tuc/999999');
    expect(h.status).toBe(404);
    expect(h.title).toBe('Không tìm thấy tin tức | Giọt Hồng');
    expect(h.meta.robots).toBe('noindex');
  });

  it('private pages are not indexed', async () => {
    for (const path of ['/trang-ca-nhan', '/doi-mat-khau', '/thong-bao', '/dang-ky-hien-mau']) {
      const h = await fetchHead(path);
      expect(h.meta.robots, path).toBe('noindex');
    }
  });

  it('robots.txt and sitemap.xml are served by the server, not the app shell', async () => {
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const robotsText = await robots.text();
    for (const p of [
      '/trang-ca-nhan',
      '/doi-mat-khau',
      '/thong-bao',
      '/dang-ky-hien-mau',
      '/xac-thuc-otp',
      '/thay-doi-mat-khau',
      '/dev/',
      '/api/',
    ]) {
      expect(robotsText).toContain(`\nDisallow: ${p}\n`);
    }
    expect(robotsText).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);

    const sitemap = await fetch(`${baseURL()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(baseURL(), ''));
    expect(locs.slice(0, 5)).toEqual([
      '/',
      '/tin-tuc',
      '/cau-hoi-thuong-gap',
      '/lien-he',
      '/dieu-khoan-su-dung',
    ]);
    const total = ((await (await fetch(`${baseURL()}/api/news`)).json()) as { data: { totalItems: number } })
      .data.totalItems;
    expect(locs.filter((l) => /^\/tin-tuc\/\d+$/.test(l))).toHaveLength(total);
    expect(locs.some((l) => /trang-ca-nhan|doi-mat-khau|thong-bao|dang-ky-hien-mau|dang-nhap/.test(l))).toBe(
      false,
    );
  });
});
