import {
  DEMO_CHAPTER_CONTACT,
  ZCampaignListResponse,
  ZNewsListResponse,
  ZNewsRelatedResponse,
  ZNewsResponse,
  ADMIN_STOCK_API,
  STOCK_GROUP_ORDER,
  STOCK_LEVEL_LABELS,
  STOCK_TEXTS,
  stockGroupLabel,
  ZStockBoardResponse,
  ZPublicAppealListResponse,
  APPEAL_API,
  API,
} from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { createLoggedInUser, loginAdmin, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { PROFILE_SESSION_READS } from '../../../test/page-session.ts';
import { listCampaigns, registerForCampaign } from '../../../test/notifications.ts';
import { news } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../seed/seed.ts';
import { jsonForScript } from './page-renderer.ts';

const WEB = path.resolve(import.meta.dirname, '../../../../web');

/**
 * A web build whose server renderer is the real one (built here from apps/web/src/entry-server.tsx
 * by Vite, as `npm run build` does) beside a template shaped like the real index.html.
 */
let built: Promise<string> | undefined;
function webDistWithRenderer(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'giothong-ssr-'));
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(
      path.join(dir, 'dist/index.html'),
      // The shell's own title between the markers, as in the real index.html (spa.ts replaces it).
      '<!doctype html><html lang="vi"><head><!--app-head--><title>Giọt Hồng</title><!--/app-head--><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
    );
    await build({
      root: WEB,
      configFile: path.join(WEB, 'vite.config.ts'),
      logLevel: 'silent',
      build: { ssr: 'src/entry-server.tsx', outDir: path.join(dir, 'dist-ssr'), emptyOutDir: true },
    });
    return path.join(dir, 'dist');
  })();
  return built;
}

/** The HTML React rendered into #root (empty for a client-rendered page). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  const end = html.lastIndexOf('</div><script type="application/json"');
  // Without data (a frame, or nothing): #root is the template's last element.
  return end === -1
    ? html.slice(start, html.lastIndexOf('</div>', html.indexOf('</body>')))
    : html.slice(start, end);
}

/** The page's own part (header and footer aside). */
function mainOf(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

/** The first requests a frame names for the browser's entry (JSON.parse of the script's text). */
function firstRequestsIn(html: string): { url: string; auth: boolean; hashes?: string[] }[] {
  const m = /<script type="application\/json" id="giot-hong-first-requests">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as { url: string; auth: boolean; hashes?: string[] }[]) : [];
}

/** The queries embedded in the page, as the browser reads them (JSON.parse of the script's text). */
function dataOf(html: string): { key: unknown[]; data: unknown }[] | undefined {
  const m = /<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as { key: unknown[]; data: unknown }[]) : undefined;
}

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of every `<tag>` element in the server's HTML, as a reader sees it. */
function texts(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => decode(m[1]!));
}

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('public pages rendered on the server, on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { config: { webDist: await webDistWithRenderer() } });
  });
  afterAll(() => t?.close());

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.request({ method: 'GET', url, headers });
    return { status: res.status, html: String(res.body) };
  };
  const api = async (url: string) => (await t.request({ method: 'GET', url })).body as unknown;

  it('the landing page arrives with its hero and the open campaigns, and the campaign list the API answers', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    const root = rootOf(html);
    expect(texts(root, 'h1')).toEqual(['Mỗi giọt máu cho đi, một cuộc đời ở lại']);
    const campaigns = ZCampaignListResponse.parse(await api('/api/campaigns')).data;
    expect(campaigns.length).toBeGreaterThan(0);
    const headings = texts(root, 'h3');
    for (const c of campaigns) expect(headings).toContain(c.name);
    // The blood stock board and the open appeals come in the page's data too, as the API answers them.
    const stock = ZStockBoardResponse.parse(await api('/api/stock')).data;
    const appeals = ZPublicAppealListResponse.parse(await api(APPEAL_API.open)).data;
    expect(dataOf(html)).toEqual([
      { key: ['chapter-contact'], data: DEMO_CHAPTER_CONTACT },
      { key: ['campaigns', 'open'], data: campaigns },
      { key: ['stock'], data: stock },
      { key: ['appeals', 'open'], data: appeals },
    ]);
    // The hero picture, the largest paint, with high priority (its preload in <head> comes from the
    // build manifest: preload-hints.test.ts); React's own preloads of the other pictures are left out.
    expect(root).toMatch(/<img src="\/images\/hero.webp"[^>]*fetchPriority="high"/);
    expect(root).not.toContain('<link');
  });

  it('the landing page arrives with the blood stock board: each group with its level in words, and a new level at once', async () => {
    const items = async () => {
      const { html } = await page('/');
      const list = /<ul aria-label="([^"]*)"[^>]*>([\s\S]*?)<\/ul>/.exec(rootOf(html));
      expect(list?.[1]).toBe(STOCK_TEXTS.boardListLabel);
      return texts(list![2]!, 'li');
    };
    // Nothing set yet: eight groups, each 'chưa cập nhật'.
    expect(await items()).toEqual(STOCK_GROUP_ORDER.map((g) => `${stockGroupLabel(g)}${STOCK_TEXTS.stale}`));

    const staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const set = await t.request({
      method: 'PUT',
      url: ADMIN_STOCK_API.stock,
      headers: staff,
      payload: { levels: [{ group: 'O-', level: 'CRITICAL' }] },
    });
    expect(set.status).toBe(200);
    const after = await items();
    expect(after[1]).toBe(`O−${STOCK_LEVEL_LABELS.CRITICAL}`);
    expect(after[0]).toBe(`O+${STOCK_TEXTS.stale}`);
  });

  it('the news list arrives with the first page of items, as GET /api/news answers it, and follows ?q= and ?trang=', async () => {
    const { status, html } = await page('/tin-tuc');
    expect(status).toBe(200);
    const first = ZNewsListResponse.parse(
      await api('/api/news?offset=0&limit=10&sortBy=createdAt&sortDir=desc'),
    ).data;
    expect(texts(rootOf(html), 'h1')).toEqual(['Tin tức']);
    expect(texts(mainOf(html), 'h2')).toEqual(first.data.map((n) => n.title));
    expect(dataOf(html)?.[1]).toEqual({ key: ['news', 'list', { search: '', page: 0 }], data: first });
    // The first card's picture is the largest paint: fetched at once, before the others; the
    // first row loads at once, the rest when scrolled near.
    const pictures = [...mainOf(html).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(pictures).toHaveLength(first.data.filter((n) => n.thumbnailUrl).length);
    expect(pictures[0]).toContain(`src="${first.data[0]!.thumbnailUrl}"`);
    expect(pictures[0]).toMatch(/loading="eager"[^>]*fetchPriority="high"/);
    expect(
      pictures.slice(1, 3).every((p) => p.includes('loading="eager"') && !p.includes('fetchPriority')),
    ).toBe(true);
    expect(pictures.slice(3).every((p) => p.includes('loading="lazy"'))).toBe(true);

    const second = ZNewsListResponse.parse(await api('/api/news?offset=1&limit=10')).data;
    const paged = await page('/tin-tuc?trang=2');
    expect(texts(mainOf(paged.html), 'h2')).toEqual(second.data.map((n) => n.title));
    expect(dataOf(paged.html)?.[1]?.key).toEqual(['news', 'list', { search: '', page: 1 }]);

    const found = await page('/tin-tuc?q=don%20vi%20mau');
    expect(texts(mainOf(found.html), 'h2')).toEqual([
      'Hơn 3.000 đơn vị máu được tiếp nhận trong Ngày hội Chủ nhật Đỏ',
      'Hiến máu tình nguyện tại phường Hoàn Kiếm tiếp nhận 250 đơn vị máu',
    ]);
    expect(rootOf(found.html)).toContain('Tìm thấy 2 tin tức cho “don vi mau”');
  });

  it('a news item arrives with its title, its sanitised content and the related items, as the API answers them', async () => {
    const list = ZNewsListResponse.parse(await api('/api/news?limit=1')).data;
    const id = list.data[0]!.id;
    const item = ZNewsResponse.parse(await api(`/api/news/${id}`)).data;
    const related = ZNewsRelatedResponse.parse(await api(`/api/news/${id}/related`)).data;
    const { status, html } = await page(`/tin-tuc/${id}`);
    expect(status).toBe(200);
    const root = rootOf(html);
    expect(texts(root, 'h1')).toEqual([item.title]);
    // One title, the item's: the shell's default title went with the markers.
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${item.title} | Giọt Hồng</title>`]);
    expect(html).not.toContain('app-head');
    expect(root).toContain(item.content);
    for (const r of related) expect(root).toContain(r.title);
    expect(dataOf(html)?.slice(1)).toEqual([
      { key: ['news', 'detail', id], data: item },
      { key: ['news', 'related', id], data: related },
    ]);
  });

  it('the FAQ, the terms and the contact page arrive with their texts and the chapter’s details', async () => {
    const faq = await page('/cau-hoi-thuong-gap');
    expect(texts(rootOf(faq.html), 'h1')).toEqual(['Câu hỏi thường gặp']);
    expect(rootOf(faq.html)).toContain('Ai có thể tham gia hiến máu?');
    const terms = await page('/dieu-khoan-su-dung');
    expect(texts(rootOf(terms.html), 'h1')).toEqual(['Điều khoản sử dụng']);
    const contact = await page('/lien-he');
    expect(texts(rootOf(contact.html), 'h1')).toEqual(['Liên hệ']);
    expect(rootOf(contact.html)).toContain(DEMO_CHAPTER_CONTACT.address);
    for (const p of [faq, terms, contact]) {
      expect(p.status).toBe(200);
      expect(dataOf(p.html)).toEqual([{ key: ['chapter-contact'], data: DEMO_CHAPTER_CONTACT }]);
      // No inline executable script: the CSP allows scripts from our origin only.
      expect(p.html.match(/<script(?![^>]*(type="application\/json"|src="))[^>]*>/g)).toBeNull();
    }
  });

  it('a news title that closes the script is escaped in the embedded data and in the HTML, and reads back the same', async () => {
    const title = 'Tin </script><script>alert(1)</script> & <!-- \u2028\u2029 "x"';
    const [row] = await t.database.db
      .insert(news)
      .values({
        title,
        content: '<p>Nội dung</p>',
        searchText: 'kiem tra',
        createdAt: new Date('2000-01-01Z'),
      })
      .returning();
    try {
      const { status, html } = await page(`/tin-tuc/${row!.id}`);
      expect(status).toBe(200);
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('</script><script>');
      expect(texts(rootOf(html), 'h1')).toEqual([title]);
      const script = /<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(html)![1]!;
      expect(script).not.toMatch(/[\u2028\u2029]/);
      expect(script).toContain(
        'Tin \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026',
      );
      expect(script).toContain('\\u2028\\u2029');
      expect((dataOf(html)![1]!.data as { title: string }).title).toBe(title);
    } finally {
      await t.database.db.delete(news).where(eq(news.id, row!.id));
    }
  });

  it('renders the same anonymous page for a logged-in visitor (nothing personal on the server), and the account pages stay client-rendered', async () => {
    const anonymous = await page('/tin-tuc');
    const withToken = await page('/tin-tuc', { authorization: 'Bearer x.y.z' });
    expect(rootOf(withToken.html)).toBe(rootOf(anonymous.html));
    expect(rootOf(anonymous.html)).toContain('Đăng nhập');
    for (const url of ['/dang-nhap', '/dang-ky', '/thong-bao/5', '/quan-tri/nhat-ky']) {
      const { html } = await page(url);
      expect(rootOf(html), url).toBe('');
      expect(dataOf(html), url).toBeUndefined();
    }
    // A news item that does not exist: status 404, rendered by the browser (its error view).
    const missing = await page('/tin-tuc/999999');
    expect(missing.status).toBe(404);
    expect(rootOf(missing.html)).toBe('');
  });

  it('the pages behind the login arrive with their frame: the logged-in header, the page’s heading and placeholders, no data and no inline script', async () => {
    const frames = [
      { url: '/trang-ca-nhan', h1: 'Trang cá nhân' },
      { url: '/dang-ky-hien-mau', h1: 'Đăng ký hiến máu' },
      { url: '/thong-bao', h1: 'Thông báo' },
      { url: '/quan-tri', h1: 'Tổng quan' },
      { url: '/quan-tri/chien-dich', h1: 'Chiến dịch hiến máu' },
      { url: '/quan-tri/nguoi-hien-mau', h1: 'Người hiến máu' },
    ];
    for (const { url, h1 } of frames) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      const root = rootOf(html);
      expect(texts(root, 'h1'), url).toEqual([h1]);
      // The page's data is on its way in the browser: placeholders, no embedded data, no login form.
      expect(dataOf(html), url).toBeUndefined();
      expect(root, url).not.toContain('>Đăng nhập<');
      // Nothing but the page's own scripts from our origin (the CSP allows no inline script), and
      // the list of its first requests, as data; the wizard's also the open campaigns it shows.
      const wizard = url === '/dang-ky-hien-mau';
      if (!wizard) expect(root, url).toContain('Đang tải dữ liệu');
      expect(
        [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
        url,
      ).toEqual([
        '<script type="module" crossorigin src="/assets/index-e1.js">',
        '<script type="application/json" id="giot-hong-first-requests">',
        ...(wizard ? ['<script type="application/json" id="frame-data">'] : []),
      ]);
      expect(
        firstRequestsIn(html).map((r) => r.url),
        url,
      ).toContain('/auth/me');
    }
    // The first requests the entry sends with the session in the browser: the profile's per tab ...
    expect(firstRequestsIn((await page('/trang-ca-nhan')).html)).toEqual([
      { url: '/auth/me', auth: true },
      { url: '/api/notifications/user/unread', auth: true },
      { url: '/api/users/avatar', auth: true },
      { url: '/api/users/user-status', auth: true },
      { url: '/api/users/full-info', auth: true, hashes: ['', '#thong-tin-ca-nhan'] },
      { url: '/api/appointments/history', auth: true, hashes: ['#lich-su-hien-mau'] },
      { url: '/api/appointments/next-eligible', auth: true, hashes: ['#lich-su-hien-mau'] },
      { url: '/api/donations', auth: true, hashes: ['#ho-so-hien-mau'] },
      { url: '/api/honours/me', auth: true, hashes: ['#ho-so-hien-mau'] },
      { url: '/api/privacy/consents', auth: true, hashes: ['#ho-so-hien-mau'] },
    ]);
    // ... and a day page's: its campaign and the first page of its list.
    expect(firstRequestsIn((await page('/quan-tri/chien-dich/1/ngay-hien-mau')).html)).toEqual([
      { url: '/auth/me', auth: true },
      { url: '/api/admin/waiting-work', auth: true },
      { url: '/api/admin/campaigns/1', auth: true },
      { url: '/api/admin/campaigns/1/appointments', auth: true },
    ]);
    // The donor pages' header is the logged-in one (the notifications, the account's menu) ...
    const profile = rootOf((await page('/trang-ca-nhan')).html);
    expect(texts(profile, 'header')[0]).toContain('Thông báo');
    expect(texts(profile, 'header')[0]).toContain('Tài khoản');
    expect(
      texts(profile, 'button').filter((b) =>
        /^(Thông tin cá nhân|Lịch sử hiến máu|Hồ sơ hiến máu|Quyền riêng tư)$/.test(b),
      ),
    ).toEqual(['Thông tin cá nhân', 'Lịch sử hiến máu', 'Hồ sơ hiến máu', 'Quyền riêng tư']);
    // ... and the console's frame has its navigation and the logout, without the account's name.
    const console = rootOf((await page('/quan-tri/chien-dich')).html);
    expect(texts(console, 'button')).toContain('Đăng xuất');
    expect(console).toContain('aria-label="Quản trị"');
    // A campaign's day page: the console's frame around the page's placeholder.
    const day = await page('/quan-tri/chien-dich/1/ngay-hien-mau');
    expect(day.status).toBe(200);
    expect(rootOf(day.html)).toContain('Đăng xuất');
    expect(rootOf(day.html)).toContain('Đang tải dữ liệu');
  });

  it('the wizard’s frame lists the open campaigns the API answers, carries them, and does not name their request', async () => {
    const { html } = await page('/dang-ky-hien-mau');
    const campaigns = ZCampaignListResponse.parse(await api('/api/campaigns')).data;
    expect(campaigns.length).toBeGreaterThan(0);
    const m = /<script type="application\/json" id="frame-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(m![1]!)).toEqual([{ key: ['campaigns', 'open'], data: campaigns }]);
    // On screen in the frame: each campaign, a radio button of the list, none chosen.
    const root = rootOf(html);
    for (const c of campaigns) expect(root).toContain(`>${c.name.replace(/&/g, '&amp;')}</span>`);
    expect(root.match(/type="radio"/g)).toHaveLength(campaigns.length);
    expect(root).not.toMatch(/type="radio"[^>]*checked/);
    expect(root).not.toContain('Đang tải dữ liệu');
    // The entry does not ask for what the frame brought; the donor's own data it still asks for.
    expect(firstRequestsIn(html)).toEqual([
      { url: '/auth/me', auth: true },
      { url: '/api/notifications/user/unread', auth: true },
      { url: '/api/users/avatar', auth: true },
      { url: '/api/users/user-status', auth: true },
    ]);
  });

  it("a campaign's day page's frame shows the campaign's public line as its heading, and carries it; not for a campaign the public list does not show", async () => {
    const c = ZCampaignListResponse.parse(await api('/api/campaigns')).data[0]!;
    const { html } = await page(`/quan-tri/chien-dich/${c.id}/ngay-hien-mau`);
    const m = /<script type="application\/json" id="frame-data">([^<]*)<\/script>/.exec(html);
    const line = {
      name: c.name,
      location: c.location,
      startReceiveTime: c.startReceiveTime,
      endReceiveTime: c.endReceiveTime,
    };
    expect(JSON.parse(m![1]!)).toEqual([{ key: ['campaigns', 'line', c.id], data: line }]);
    // In Vietnam time (UTC+7): 'dd/mm/yyyy, HH:mm–HH:mm'.
    const vn = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString();
    const [start, end] = [vn(c.startReceiveTime), vn(c.endReceiveTime)];
    const window = `${start.slice(8, 10)}/${start.slice(5, 7)}/${start.slice(0, 4)}, ${start.slice(11, 16)}–${end.slice(11, 16)}`;
    const root = rootOf(html);
    expect(texts(root, 'h1')).toEqual([c.name]);
    expect(texts(mainOf(root), 'p').slice(0, 2)).toEqual([window, c.location]);
    // The rest of the page while the campaign itself, with its counters, comes: it is still asked for.
    expect(root).toContain('Đang tải dữ liệu');
    expect(firstRequestsIn(html).map((r) => r.url)).toContain(`/api/admin/campaigns/${c.id}`);

    // A campaign the public list does not show: the placeholder alone, nothing carried.
    const unknown = await page('/quan-tri/chien-dich/987654/ngay-hien-mau');
    expect(unknown.html).not.toContain('id="frame-data"');
    expect(texts(rootOf(unknown.html), 'h1')).toEqual([]);
    expect(rootOf(unknown.html)).toContain('Đang tải dữ liệu');
  });

  it('a frame is the same for everyone: signed in or not, donor or staff, nothing personal in it, with the strict CSP', async () => {
    const donor = await createLoggedInUser(t);
    const staff = await loginStaff(t);
    for (const url of [
      '/trang-ca-nhan',
      '/dang-ky-hien-mau',
      '/thong-bao',
      '/quan-tri',
      '/quan-tri/nguoi-hien-mau',
    ]) {
      const anonymous = await t.request({ method: 'GET', url });
      for (const token of [donor.tokens.accessToken, staff.accessToken]) {
        const signedIn = await t.request({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(String(signedIn.body), url).toBe(String(anonymous.body));
      }
      const html = String(anonymous.body);
      expect(html, url).not.toContain(donor.user.username);
      expect(html, url).not.toContain(donor.user.email);
      expect(html, url).not.toContain(DEMO_ACCOUNTS.staff.username);
      // Cached as the bare shell was: checked with the server at every visit, the same for all.
      expect(anonymous.headers['cache-control'], url).toBe('no-cache');
      // The profile differs by the session's cookie (rendered with it when it comes: ADR 72).
      const vary = String(anonymous.headers.vary ?? '');
      expect(vary, url).not.toMatch(/authorization/i);
      if (url === '/trang-ca-nhan') expect(vary, url).toMatch(/\bCookie\b/);
      else expect(vary, url).not.toMatch(/cookie/i);
      const csp = String(anonymous.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('the campaign list arrives rendered for the staff member whose session its cookie carries, for them alone; any other cookie gets the frame, and the API never reads it', async () => {
    const staff = await loginStaff(t);
    const admin = await loginAdmin(t);
    const donor = await createLoggedInUser(t);
    const url = '/quan-tri/chien-dich';
    const withCookie = (token: string) =>
      t.request({ method: 'GET', url, headers: { cookie: `theme=dark; gh_page_session=${token}` } });
    const asStaff = (path: string, token: string) =>
      t.request({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    const listUrl = '/api/admin/campaigns?filter=upcoming';
    const answers = {
      me: ((await asStaff('/auth/me', staff.accessToken)).body as { data: { username: string } }).data,
      waiting: ((await asStaff('/api/admin/waiting-work', staff.accessToken)).body as { data: unknown }).data,
      list: ((await asStaff(listUrl, staff.accessToken)).body as { data: { items: { name: string }[] } })
        .data,
    };
    expect(answers.me.username).toBe(DEMO_ACCOUNTS.staff.username);
    expect(answers.list.items.length).toBeGreaterThan(0);

    const res = await withCookie(staff.accessToken);
    expect(res.status).toBe(200);
    const html = String(res.body);
    const root = decode(rootOf(html));
    // Each campaign the API lists, and the account, are in the document as the server sent it.
    for (const c of answers.list.items) expect(root).toContain(c.name);
    expect(root).toContain(DEMO_ACCOUNTS.staff.username);
    expect(root).not.toContain(DEMO_ACCOUNTS.admin.username);
    // The data it was rendered with, as the API answers it, marked with the token it was read with.
    const m = /<script type="application\/json" id="session-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(m![1]!)).toEqual({
      mark: staff.accessToken.slice(-16),
      queries: [
        { key: ['auth', 'me'], data: answers.me },
        { key: ['admin', 'waiting-work'], data: answers.waiting },
        { key: ['admin', 'campaigns', 'upcoming', ''], data: answers.list },
      ],
    });
    // The browser asks none of them again.
    expect(firstRequestsIn(html).map((r) => r.url)).toEqual([]);
    // That visitor's alone: stored by no cache, and a page that differs by the cookie.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);

    // Another staff member's cookie: their account, not the first one's.
    const other = decode(rootOf(String((await withCookie(admin.accessToken)).body)));
    expect(other).toContain(DEMO_ACCOUNTS.admin.username);
    expect(other).not.toContain(DEMO_ACCOUNTS.staff.username);

    // No cookie, a donor's, a forged or altered token: the frame, the same as without a session.
    const anonymous = await t.request({ method: 'GET', url });
    expect(String(anonymous.body)).not.toContain('id="session-data"');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(String(anonymous.headers.vary)).toMatch(/\bCookie\b/);
    const altered = `${staff.accessToken.slice(0, -2)}${staff.accessToken.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [donor.tokens.accessToken, 'not.a.token', altered]) {
      const frame = await withCookie(token);
      expect(String(frame.body), token).toBe(String(anonymous.body));
      expect(frame.headers['cache-control']).toBe('no-cache');
    }
    // The cookie is the documents' alone: the API answers it as a request without a token.
    const api = await t.request({
      method: 'GET',
      url: listUrl,
      headers: { cookie: `gh_page_session=${staff.accessToken}` },
    });
    expect(api.status).toBe(401);
    // Another console page is not rendered with the session (its largest paint is in its frame).
    const overview = await t.request({
      method: 'GET',
      url: '/quan-tri',
      headers: { cookie: `gh_page_session=${staff.accessToken}` },
    });
    expect(String(overview.body)).toBe(String((await t.request({ method: 'GET', url: '/quan-tri' })).body));
  });

  it('the profile arrives with the tabs a first view opens, rendered for the donor whose session its cookie carries, for them alone', async () => {
    const booked = await createVerifiedDonor(t);
    const other = await createVerifiedDonor(t);
    const [campaign] = await listCampaigns(t);
    await registerForCampaign(t, booked.auth, campaign!.id, campaign!.questionSetId);
    const url = '/trang-ca-nhan';
    const withCookie = (token: string) =>
      t.request({ method: 'GET', url, headers: { cookie: `gh_page_session=${token}; theme=dark` } });
    const answerOf = async (path: string) =>
      ((await t.request({ method: 'GET', url: path, headers: booked.auth })).body as { data: unknown }).data;
    const [me, unread, status, fullInfo, history, nextEligible, record, honours, consents] =
      await Promise.all(PROFILE_SESSION_READS.map(answerOf));
    expect((history as { campaignName: string }[]).map((a) => a.campaignName)).toEqual([campaign!.name]);

    const res = await withCookie(booked.tokens.accessToken);
    expect(res.status).toBe(200);
    const html = String(res.body);
    // The data it was rendered with, as the page's queries keep the API's answers, marked with the
    // token it was read with: the header's, and each tab's a first view opens.
    const m = /<script type="application\/json" id="session-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(m![1]!)).toEqual({
      mark: booked.tokens.accessToken.slice(-16),
      queries: [
        { key: ['auth', 'me'], data: me },
        { key: ['notifications', 'unread-count'], data: unread },
        { key: ['user', 'status'], data: (status as { status: string }).status },
        { key: ['user', 'full-info'], data: fullInfo },
        { key: ['appointments', 'history'], data: history },
        { key: ['appointments', 'next-eligible'], data: nextEligible },
        { key: ['donations', 'record'], data: record },
        { key: ['donations', 'honours'], data: honours },
        { key: ['privacy', 'consents'], data: consents },
      ],
    });
    expect((status as { status: string }).status).toBe('EXTRACTED');
    // Only the picture is left for the browser to ask (bytes, not data the page renders).
    expect(firstRequestsIn(html)).toEqual([{ url: API.userAvatar, auth: true }]);
    // Each tab a first view opens is in the document with that donor's data, and the targets the
    // address's hash picks one with (styles.css).
    const root = rootOf(html);
    for (const tab of ['thong-tin-ca-nhan', 'lich-su-hien-mau', 'ho-so-hien-mau'])
      expect(root).toMatch(new RegExp(`<div[^>]*data-frame-panel="${tab}"`));
    for (const tab of ['lich-su-hien-mau', 'ho-so-hien-mau'])
      expect(root).toMatch(new RegExp(`<span id="${tab}" data-frame-target="true"`));
    const text = decode(root);
    expect(text).toContain(booked.user.email);
    expect(text).toContain(campaign!.name);
    expect(text).toContain('Bạn chưa có lần hiến máu nào được ghi nhận.');
    expect(text).not.toContain(other.user.email);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/\bCookie\b/);

    // Another donor's cookie: their page, with nothing of the first one's.
    const theirs = decode(rootOf(String((await withCookie(other.tokens.accessToken)).body)));
    expect(theirs).toContain(other.user.email);
    expect(theirs).toContain('Bạn chưa có lịch hẹn hiến máu nào.');
    expect(theirs).not.toContain(booked.user.email);
    expect(theirs).not.toContain(campaign!.name);

    // No cookie, or a forged or altered token: the frame, the same for everyone, with its tabs'
    // placeholders and nothing personal.
    const anonymous = await t.request({ method: 'GET', url });
    const frame = String(anonymous.body);
    expect(frame).not.toContain('id="session-data"');
    expect(frame).toMatch(/<div[^>]*data-frame-panel="lich-su-hien-mau"/);
    expect(frame).not.toContain(booked.user.email);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(String(anonymous.headers.vary)).toMatch(/\bCookie\b/);
    const token = booked.tokens.accessToken;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of ['not.a.token', altered])
      expect(String((await withCookie(forged)).body), forged).toBe(frame);
    // The cookie is read for the profile's documents alone: not for another donor page.
    const notifications = await t.request({
      method: 'GET',
      url: '/thong-bao',
      headers: { cookie: `gh_page_session=${token}` },
    });
    expect(String(notifications.body)).not.toContain('id="session-data"');
  });

  it('a new news item shows on the next rendering of the list (rendered pages are kept per data version)', async () => {
    const before = texts(mainOf((await page('/tin-tuc')).html), 'h2');
    const [row] = await t.database.db
      .insert(news)
      .values({
        title: 'Tin mới nhất về hiến máu',
        content: '<p>Mới</p>',
        searchText: 'tin moi',
        // Published as of the app's clock (donor pages hide items whose time has not come).
        createdAt: t.clock.now(),
      })
      .returning();
    try {
      const after = texts(mainOf((await page('/tin-tuc')).html), 'h2');
      expect(after).toEqual(['Tin mới nhất về hiến máu', ...before.slice(0, 9)]);
    } finally {
      await t.database.db.delete(news).where(eq(news.id, row!.id));
    }
  });
});

describe('jsonForScript', () => {
  it('escapes what could end the script or break a JavaScript parser, and JSON.parse reads it back', () => {
    const value = { s: '</script><!--&>\u2028\u2029' };
    const json = jsonForScript(value);
    expect(json).toBe('{"s":"\\u003c/script\\u003e\\u003c!--\\u0026\\u003e\\u2028\\u2029"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});
