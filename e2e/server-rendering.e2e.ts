import { ADMIN_CAMPAIGN_API, ADMIN_DAY_DESK_API, API, CONSOLE_PAGES, PAGES } from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  DEMO_DONOR,
  DEMO_STAFF,
  newDonor,
  type Session,
  startSession,
} from './support/accounts.ts';
import {
  afterFrames,
  baseURL,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  waitForHydration,
} from './support/browser.ts';
import { PROFILE_SESSION_READS } from '../apps/server/test/page-session.ts';
import { createTodayCampaign } from './support/campaigns.ts';

type NewsItem = { id: number; title: string };

/**
 * Every public page with the heading it must show, and the API paths of the data the server
 * embedded in it (none of which the browser may ask for again on arrival).
 */
// The oldest item: a seeded one (other browser tests publish items of their own, some with hostile markup).
async function publicPages() {
  const res = await fetch(`${baseURL()}${API.news}?limit=1&sortBy=createdAt&sortDir=asc`);
  const first = ((await res.json()) as { data: { data: NewsItem[] } }).data.data[0]!;
  return [
    { url: PAGES.home, h1: 'Mỗi giọt máu cho đi, một cuộc đời ở lại', data: [API.campaigns] },
    { url: PAGES.news, h1: 'Tin tức', data: [API.news] },
    { url: PAGES.newsDetail(first.id), h1: first.title, data: [API.news] },
    { url: PAGES.faq, h1: 'Câu hỏi thường gặp', data: [] },
    { url: PAGES.terms, h1: 'Điều khoản sử dụng', data: [] },
    { url: PAGES.contact, h1: 'Liên hệ', data: [] },
  ];
}

/** Console errors and warnings of our own origin (the contact map's tiles are not reachable here). */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && m.location().url.startsWith(baseURL()))
      problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** The API requests the page makes (path only). */
function watchApi(page: Page) {
  const paths: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === baseURL() && url.pathname.startsWith('/api/')) paths.push(url.pathname);
  });
  return paths;
}

describe('public pages rendered on the server, in the browser', () => {
  let browser: Browser;
  let pages: Awaited<ReturnType<typeof publicPages>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    pages = await publicPages();
  });
  afterAll(() => browser?.close());

  it('each page shows its content with JavaScript off', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(p.url);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), p.url).toBe(p.h1);
    }
    // The landing page's campaign slider has its campaigns before any script runs.
    await page.goto(PAGES.home);
    expect(await page.locator('main h3').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('each page hydrates without a console error or warning, and without asking again for the data it came with', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const problems = watchConsole(page);
    for (const p of pages) {
      const api = watchApi(page);
      await page.goto(p.url);
      await waitForHydration(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), p.url).toBe(p.h1);
      // The server's HTML was painted before the application was even fetched (src/boot.ts).
      const [paint, appStart] = await page.evaluate(() => [
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        performance.getEntriesByName('giothong:app-start')[0]?.startTime,
      ]);
      expect(paint, p.url).toBeGreaterThan(0);
      expect(appStart, p.url).toBeGreaterThan(paint!);
      const appFetched = await page.evaluate(
        () =>
          performance.getEntriesByType('resource').find((r) => /\/assets\/main-[\w-]+\.js$/.test(r.name))
            ?.startTime,
      );
      expect(appFetched, p.url).toBeGreaterThanOrEqual(appStart!);
      // The worker that prepares date formatting started with the application, not before the
      // first paint (lib/warm-date-formatting.ts), and the page's policy let it run: it ended
      // itself without an error (a refused worker is a console error, in `problems`). Its script's
      // timing entry appears once the script has arrived, which on a loaded machine can be after
      // the page has hydrated: waited for.
      const warmFetched = () =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .find((r) => /\/assets\/icu-warm\.worker-[\w-]+\.js$/.test(r.name))?.startTime,
        );
      await poll(warmFetched).toBeDefined();
      expect(await warmFetched(), p.url).toBeGreaterThanOrEqual(appStart!);
      // The page works: the menu button opens the drawer (a click only React can answer).
      await page.getByRole('button', { name: 'Mở menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Đăng nhập' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(
        api.filter((path) => p.data.some((d) => path.startsWith(d)) || path === API.chapterContact),
        p.url,
      ).toEqual([]);
      expect(problems, p.url).toEqual([]);
    }
    await context.close();
  });

  it('a button clicked before the application has started does its work once it has', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const problems = watchConsole(page);
    // A slow connection: the application's code arrives only after the click, once the page is painted.
    let deliverCode!: () => void;
    const codeHeldBack = new Promise<void>((resolve) => (deliverCode = resolve));
    await context.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await codeHeldBack;
      await route.continue();
    });
    // The page's load event waits for that code: the painted page is what there is to click.
    await page.goto(PAGES.faq, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Mở menu' }).click();
    // Not React's yet: nothing happens at once ...
    await afterFrames(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => performance.getEntriesByName('giothong:app-start').length)).toBe(1);
    // ... and the menu opens when the application has taken the page over.
    deliverCode();
    await page.getByRole('dialog').getByRole('link', { name: 'Đăng nhập' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe(PAGES.faq);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a logged-in donor gets the same page from the server, and the header switches to the account after hydration', async () => {
    const session = await apiLogin(DEMO_DONOR.username, DEMO_DONOR.password);
    const { context, page } = await newPage(browser);
    await page.addInitScript((s) => {
      localStorage.setItem('access_token', s.accessToken);
      localStorage.setItem('refresh_token', s.refreshToken);
    }, session);
    const problems = watchConsole(page);
    const response = await page.goto(PAGES.news);
    // What the server sent is the anonymous page: no name, no account menu.
    const html = (await response!.text()) as string;
    expect(html).toContain('>Đăng nhập</a>');
    expect(html).not.toContain(DEMO_DONOR.username);
    await waitForHydration(page);
    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: 'Đăng nhập' }).count()).toBe(0);
    await header.getByRole('link', { name: 'Lịch sử hiến máu' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** The pages behind the login a donor or staff member lands on, with the heading of their frame. */
const FRAME_PAGES = [
  { url: PAGES.profile, h1: 'Trang cá nhân' },
  { url: PAGES.donationRegistration, h1: 'Đăng ký hiến máu' },
  { url: PAGES.notifications, h1: 'Thông báo' },
  { url: CONSOLE_PAGES.home, h1: 'Tổng quan' },
  { url: CONSOLE_PAGES.campaigns, h1: 'Chiến dịch hiến máu' },
  { url: CONSOLE_PAGES.donors, h1: 'Người hiến máu' },
];

/**
 * An init script: from the first frame of the parsed document on (the frame as the server sent it),
 * every time the page changes, whether an element matching `selector` is still there and shown (the
 * frame's, then the page's: `main h1`, the heading). A loading view in the frame's place, or a tab
 * the frame holds but does not show, would show as false. `seenOf` reads it. The first look is
 * before that frame is painted, not at `DOMContentLoaded`: the browser finds the address's hash
 * target (which picks the profile's tab) just after that event, in the same task.
 */
function recordPresence(selector: string) {
  const seen: boolean[] = [];
  (window as unknown as { presenceSeen: boolean[] }).presenceSeen = seen;
  const note = () => seen.push(document.querySelector(selector)?.checkVisibility() === true);
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    requestAnimationFrame(note);
  });
}
const seenOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { presenceSeen: boolean[] }).presenceSeen);

/**
 * Holds the application's module back (the page keeps its frame): `applicationAsked` once the
 * browser has asked for it, `release()` lets it come.
 */
async function holdApplication(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const applicationAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { applicationAsked, release };
}

describe('pages behind the login arrive with their frame', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('each page shows its frame with JavaScript off: the logged-in header, the heading, no login form', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const p of FRAME_PAGES) {
      const response = await page.goto(p.url);
      expect(response!.status(), p.url).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), p.url).toBe(p.h1);
      expect(await page.getByRole('link', { name: 'Đăng nhập' }).count(), p.url).toBe(0);
      // Its fields take no typing: the application renders the page in the frame's place, and
      // what was typed into the frame would be lost. (A tap on the wizard's campaigns, radio
      // buttons, is held until the application has rendered: below.)
      const fields = page.locator('main').locator('input:not([type="radio"]), select, textarea');
      expect(await fields.count(), p.url).toBe(await fields.and(page.locator('[readonly]')).count());
    }
    // The console pages' frames have fields (search boxes, the period).
    await page.goto(CONSOLE_PAGES.donors);
    expect(await page.getByLabel('Tìm người hiến máu').isEditable()).toBe(false);
    // The donor pages' header is the logged-in one: the notifications and the account's menu.
    await page.goto(PAGES.profile);
    await page.getByRole('banner').getByRole('button', { name: 'Thông báo' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Thông tin cá nhân',
      'Lịch sử hiến máu',
      'Hồ sơ hiến máu',
      'Quyền riêng tư',
    ]);
    await context.close();
  });

  it('a donor sees the frame first, then their own data in its place, without a loading view in between', async () => {
    const donor = await newDonor('kh');
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    await context.addInitScript(recordPresence, 'main h1');
    const problems = watchConsole(page);
    const response = await page.goto(PAGES.profile);
    // The server's HTML has the page's heading and nothing of the donor.
    const html = (await response!.text()) as string;
    expect(html).toContain('>Trang cá nhân</h1>');
    expect(html).not.toContain(donor.username);
    expect(html).not.toContain(donor.email);
    // Then the page for the session: the donor's own e-mail address, in the frame's place.
    await page.getByRole('region', { name: 'Thông tin liên hệ' }).getByText(donor.email).waitFor();
    const [paint, appStart] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      performance.getEntriesByName('giothong:app-start')[0]?.startTime,
    ]);
    expect(paint).toBeGreaterThan(0);
    expect(appStart).toBeGreaterThan(paint!);
    // The heading was on screen at every change of the page, from the frame to the donor's page.
    const seen = await seenOf(page);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => !s)).toEqual([]);
    // The page works: a tab opens with its click.
    await page.getByRole('tab', { name: 'Quyền riêng tư' }).click();
    await page.waitForURL((u) => u.hash === '#quyen-rieng-tu');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a staff member gets the console in place of its frame', async () => {
    const session = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    const { context, page } = await newPage(browser, DESKTOP);
    await startSession(page, session);
    await context.addInitScript(recordPresence, 'main h1');
    const problems = watchConsole(page);
    const response = await page.goto(CONSOLE_PAGES.campaigns);
    const html = (await response!.text()) as string;
    expect(html).toContain('>Chiến dịch hiến máu</h1>');
    expect(html).not.toContain(DEMO_STAFF.username);
    // The account's name in the console's header comes with the session.
    await page.getByRole('banner').getByText(DEMO_STAFF.username, { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Danh sách chiến dịch' }).getByRole('link').first().waitFor();
    const seen = await seenOf(page);
    expect(seen.filter((s) => !s)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a staff member back on the campaign list gets it rendered with their session, which the app takes over without asking again; logging out removes the cookie', async () => {
    const session = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    const listed = (await (
      await fetch(`${baseURL()}${ADMIN_CAMPAIGN_API.campaigns}?filter=upcoming`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      })
    ).json()) as { data: { items: { name: string }[] } };
    const names = listed.data.items.map((c) => c.name);
    expect(names.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, session);
    // A first page of the console: the app puts the token in the pages' session cookies.
    await page.goto(CONSOLE_PAGES.home);
    // The app has started (the account's name, shown from a wider screen, is in the header).
    await page
      .getByRole('banner')
      .getByText(DEMO_STAFF.username, { exact: true })
      .waitFor({ state: 'attached' });
    // One for the console's pages, one for the profile's (ADR 72).
    const cookies = (await context.cookies()).filter((c) => c.name === 'gh_page_session');
    expect(cookies.map((c) => c.path).sort()).toEqual(['/quan-tri', '/trang-ca-nhan']);
    const exp = (JSON.parse(atob(session.accessToken.split('.')[1]!)) as { exp: number }).exp;
    for (const cookie of cookies) {
      expect(cookie).toMatchObject({ value: session.accessToken, sameSite: 'Strict', httpOnly: false });
      expect(Math.abs(cookie.expires - exp)).toBeLessThanOrEqual(2);
    }

    // Back on the campaign list: the document has the campaigns and the account.
    await context.addInitScript(recordPresence, 'main a[href^="/quan-tri/chien-dich/"]');
    const problems = watchConsole(page);
    const gets = countApiGets(page);
    const response = await page.goto(CONSOLE_PAGES.campaigns);
    const html = ((await response!.text()) as string)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
    for (const name of names) expect(html).toContain(name);
    expect(html).toContain(DEMO_STAFF.username);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    // The application renders the same page in its place: the list on screen at every change.
    const list = page.getByRole('region', { name: 'Danh sách chiến dịch' });
    await list.getByRole('link').first().waitFor();
    await poll(() => page.evaluate(() => performance.getEntriesByName('giothong:app-start').length)).toBe(1);
    await page.waitForLoadState('networkidle');
    const seen = await seenOf(page);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => !s)).toEqual([]);
    // …and asks for none of the data the document came with.
    expect(gets.of(API.authMe)).toEqual([]);
    expect(gets.of(ADMIN_CAMPAIGN_API.campaigns)).toEqual([]);
    expect(gets.of('/api/admin/waiting-work')).toEqual([]);
    // The page works: a filter asks for its campaigns.
    await page.getByRole('button', { name: /^Đã diễn ra/ }).click();
    await poll(() => gets.of(ADMIN_CAMPAIGN_API.campaigns).length).toBe(1);
    expect(problems).toEqual([]);

    // Logging out takes the cookie away with the tokens.
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    expect((await context.cookies()).filter((c) => c.name === 'gh_page_session')).toEqual([]);
    await context.close();
  });

  it("the page's module preloads reach <head> in the server's order, a few at a time", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password));
    // Each insertion into <head> as the page makes it: the links it adds at once come in one record.
    await context.addInitScript(() => {
      const added: string[][] = [];
      (window as unknown as { preloadsAdded: string[][] }).preloadsAdded = added;
      new MutationObserver((records) => {
        for (const r of records) {
          const links = [...r.addedNodes].filter(
            (n): n is HTMLLinkElement => n instanceof HTMLLinkElement && n.rel === 'modulepreload',
          );
          if (links.length) added.push(links.map((l) => l.getAttribute('href')!));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(CONSOLE_PAGES.campaigns);
    const html = (await response!.text()) as string;
    const template = /<template id="giot-hong-app-preloads">(.*?)<\/template>/.exec(html)![1]!;
    const named = [...template.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(12);
    await page.getByRole('region', { name: 'Danh sách chiến dịch' }).getByRole('link').first().waitFor();
    const added = await page.evaluate(
      () => (window as unknown as { preloadsAdded: string[][] }).preloadsAdded,
    );
    // All of them, in the server's order, never more than six in one go.
    expect(added.flat().filter((href) => named.includes(href))).toEqual(named);
    expect(Math.max(...added.map((batch) => batch.length))).toBeLessThanOrEqual(6);
    await context.close();
  });

  it("a donor back on their profile gets it rendered with their session, on the tab the address's hash names; a tab tapped before the application has come opens once it has", async () => {
    const donor = await newDonor('kp');
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    // A first visit: the app puts the token in the profile's cookie as well as the console's.
    await page.goto(PAGES.profile);
    await page.getByRole('region', { name: 'Thông tin liên hệ' }).getByText(donor.email).waitFor();
    const cookie = (await context.cookies()).find(
      (c) => c.name === 'gh_page_session' && c.path === PAGES.profile,
    );
    expect(cookie).toMatchObject({ value: donor.accessToken, sameSite: 'Strict', httpOnly: false });

    // Back on the history tab: the document has the donor's history, on screen from the frame on.
    await context.addInitScript(recordPresence, '#history-list-heading');
    // (Another document in between: a new hash alone would not load the page again.)
    await page.goto('about:blank');
    const problems = watchConsole(page);
    const gets = countApiGets(page);
    const response = await page.goto(`${PAGES.profile}#lich-su-hien-mau`);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    expect((await response!.text()) as string).toContain('>Lịch hẹn của bạn</h2>');
    // The application has rendered the page in the frame's place (the frame's tabs are gone): the
    // history was shown at every look until then.
    await page.locator('[data-frame-tabs]').waitFor({ state: 'detached' });
    await page.getByRole('tabpanel').getByText('Bạn chưa có lịch hẹn hiến máu nào.').waitFor();
    await page.waitForLoadState('networkidle');
    const seen = await seenOf(page);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => !s)).toEqual([]);
    // The application took the page over without asking for what the document came with: only the
    // picture (bytes the page does not hold).
    for (const path of PROFILE_SESSION_READS) expect(gets.of(path), path).toEqual([]);
    expect(gets.repeated()).toEqual([]);
    expect(problems).toEqual([]);

    // The application held back: the frame shows the record tab its hash names, marked current.
    const { applicationAsked, release } = await holdApplication(page);
    await page.goto('about:blank');
    await page.goto(`${PAGES.profile}#ho-so-hien-mau`);
    await applicationAsked;
    const main = page.getByRole('main');
    expect(await main.getByText('Bạn chưa có lần hiến máu nào được ghi nhận.').isVisible()).toBe(true);
    expect(await main.getByText(donor.email).isVisible()).toBe(false);
    expect(await main.getByText('Lịch hẹn của bạn').isVisible()).toBe(false);
    const colour = (name: string) =>
      page.getByRole('tab', { name, exact: true }).evaluate((tab) => getComputedStyle(tab).color);
    const current = await colour('Hồ sơ hiến máu');
    expect(await colour('Thông tin cá nhân')).not.toBe(current);
    expect(await colour('Thông tin cá nhân')).toBe(await colour('Quyền riêng tư'));
    // A tap on another tab meanwhile: it opens once the application has come.
    await page.getByRole('tab', { name: 'Lịch sử hiến máu' }).click();
    release();
    await page.waitForURL((u) => u.hash === '#lich-su-hien-mau');
    await page.getByRole('tabpanel').getByText('Bạn chưa có lịch hẹn hiến máu nào.').waitFor();
    expect(await page.getByRole('tab', { name: 'Lịch sử hiến máu' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await context.close();
  });

  it("a campaign's day page shows its campaign in the frame, and keeps that heading through to the desk", async () => {
    const staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    const id = await createTodayCampaign(staff, 'Ngày trong khung');
    const campaign = (await (await fetch(`${baseURL()}${API.campaigns}`)).json()).data.find(
      (c: { id: number }) => c.id === id,
    ) as { name: string; location: string };
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, staff);
    await context.addInitScript(recordPresence, 'main h1');
    const problems = watchConsole(page);
    // The application held back: what the staff member sees is the server's frame.
    const { applicationAsked, release } = await holdApplication(page);
    await page.goto(CONSOLE_PAGES.campaignDay(id));
    await applicationAsked;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(campaign.name);
    expect(await page.getByRole('main').getByText(campaign.location, { exact: true }).isVisible()).toBe(true);
    release();
    // Then the desk itself, under the same heading, which was on screen at every change.
    await page.getByLabel('Mã check-in').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Danh sách người hiến máu' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(campaign.name);
    const seen = await seenOf(page);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.filter((s) => !s)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the wizard's 'Tiếp tục' button stays where the frame painted it when the campaigns arrive", async () => {
    const donor = await newDonor('kw');
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    await context.addInitScript(recordPresence, 'main h1');
    // The button's place in the frame as the server sent it, and every layout shift from then on.
    await context.addInitScript(() => {
      const w = window as unknown as { frameButtonTop?: number; shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          sources: { node?: Node }[];
        }[])
          for (const source of entry.sources)
            w.shifts.push(`${source.node?.textContent?.slice(0, 40) ?? '?'}: ${entry.value}`);
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        const next = [...document.querySelectorAll('main button')].find((b) => b.textContent === 'Tiếp tục');
        w.frameButtonTop = next?.getBoundingClientRect().top;
      });
    });
    await page.goto(PAGES.donationRegistration);
    await page.getByTestId('campaign-scroll-area').getByRole('radio').first().waitFor();
    // The frame lists the campaigns itself (the radio above may be the frame's): measured once the
    // page is the application's, not while it replaces the frame's button with its own.
    await waitForHydration(page);
    const next = page.getByRole('button', { name: 'Tiếp tục' });
    const [frameTop, shifts] = await page.evaluate(() => {
      const w = window as unknown as { frameButtonTop?: number; shifts: string[] };
      return [w.frameButtonTop, w.shifts] as const;
    });
    expect(frameTop).toBeGreaterThan(0);
    expect((await next.boundingBox())!.y).toBe(frameTop);
    expect(shifts.filter((s) => s.startsWith('Tiếp tục'))).toEqual([]);
    const seen = await seenOf(page);
    expect(seen.filter((s) => !s)).toEqual([]);
    await context.close();
  });

  it("the wizard's frame lists the open campaigns; one tapped there before the application has come is the one chosen", async () => {
    const donor = await newDonor('kc');
    const open = (await fetch(`${baseURL()}${API.campaigns}`).then((r) => r.json())) as {
      data: { id: number; name: string }[];
    };
    expect(open.data.length).toBeGreaterThan(1);
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    const requested = watchApi(page);
    const { applicationAsked, release } = await holdApplication(page);
    await page.goto(PAGES.donationRegistration);
    await applicationAsked;
    // The frame, before any of the application: every open campaign, as the API lists them.
    const list = page.getByTestId('campaign-scroll-area');
    expect(await list.getByRole('radio').count()).toBe(open.data.length);
    for (const c of open.data) await list.getByText(c.name, { exact: true }).waitFor();
    // The donor taps the second campaign: the frame shows it chosen ...
    const second = open.data[1]!;
    await list.getByText(second.name, { exact: true }).click();
    expect(await list.getByRole('radio', { checked: true }).count()).toBe(1);
    expect(await page.getByTestId('slot-picker').count()).toBe(0);
    release();
    // ... and once the application has rendered the page in its place, that campaign is still
    // chosen, now with its time slots.
    await poll(() => list.getByRole('radio', { name: second.name, checked: true }).count()).toBe(1);
    await page.getByTestId('slot-picker').waitFor();
    // The frame brought the list: the application did not ask for it.
    expect(requested.filter((p) => p === API.campaigns)).toEqual([]);
    await context.close();
  });

  it('the frame stays, its heading on screen, while the application is slow to arrive; then the page works', async () => {
    const donor = await newDonor('kl');
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    await context.addInitScript(recordPresence, 'main h1');
    const requested: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) requested.push(pathname);
    });
    // The application's module is held back until the frame has been looked at.
    const { applicationAsked, release } = await holdApplication(page);
    await page.goto(PAGES.profile);
    await applicationAsked;
    // The frame, as the server sent it: the heading, the logged-in header, nothing of the donor.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Trang cá nhân');
    await page.getByRole('banner').getByRole('button', { name: 'Thông báo' }).waitFor();
    expect(await page.content()).not.toContain(donor.email);
    // The page's first data left with the page, before the application had arrived.
    await poll(() => [...requested].sort()).toEqual(
      [API.authMe, API.notificationsUnread, API.userAvatar, API.userStatus, API.userFullInfo].sort(),
    );
    release();
    // Then the donor's page in its place, and it works: a tab opens with its click.
    await page.getByRole('region', { name: 'Thông tin liên hệ' }).getByText(donor.email).waitFor();
    // The application took those answers instead of asking again (these two stay fresh a minute).
    expect(requested.filter((p) => p === API.userFullInfo)).toHaveLength(1);
    expect(requested.filter((p) => p === API.userStatus)).toHaveLength(1);
    await page.getByRole('tab', { name: 'Quyền riêng tư' }).click();
    await page.waitForURL((u) => u.hash === '#quyen-rieng-tu');
    const seen = await seenOf(page);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.filter((s) => !s)).toEqual([]);
    await context.close();
  });

  it('a visitor without a session gets the same frame, then the login page that brings them back', async () => {
    const donor = await newDonor('kf');
    const anonymous = await fetch(`${baseURL()}${PAGES.notifications}`).then((r) => r.text());
    const withToken = await fetch(`${baseURL()}${PAGES.notifications}`, {
      headers: { authorization: `Bearer ${donor.accessToken}` },
    }).then((r) => r.text());
    expect(withToken).toBe(anonymous);
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(PAGES.notifications);
    await page.waitForURL((u) => u.pathname === PAGES.login);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(PAGES.notifications);
    await page.getByRole('heading', { level: 1, name: 'Đăng Nhập' }).waitFor();
    await context.close();
  });
});

/** Every GET to the API (`/api/…`, `/auth/…`) the page sends, by address with its query, and how many times. */
function countApiGets(page: Page) {
  const counts = new Map<string, number>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() !== 'GET' || url.origin !== baseURL()) return;
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/auth/')) return;
    const key = `${url.pathname}${url.search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return {
    of: (pathname: string) => [...counts].filter(([key]) => key.split('?')[0] === pathname),
    /** The addresses asked for more than once. */
    repeated: () => [...counts].filter(([, n]) => n > 1),
  };
}

describe('a page behind the login asks for each of its first data once', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /**
   * A cold load of `url` in a new context with `session`: the page is shown (`shown`), then the
   * network settles. The requests the entry, the route's prefetch and the page's components send
   * are all counted.
   */
  async function coldLoad(
    session: Session,
    url: string,
    viewport: { width: number; height: number },
    shown: (page: Page) => Promise<unknown>,
  ) {
    const { context, page } = await newPage(browser, viewport);
    await startSession(page, session);
    const gets = countApiGets(page);
    await page.goto(url);
    await shown(page);
    await page.waitForLoadState('networkidle');
    await context.close();
    return gets;
  }

  it("the donor's history tab: the history and the next date once each, and nothing twice", async () => {
    const donor = await newDonor('kc');
    const gets = await coldLoad(donor, `${PAGES.profile}#lich-su-hien-mau`, PHONE, (page) =>
      page.getByText('Bạn chưa có lịch hẹn hiến máu nào.').waitFor(),
    );
    expect(gets.of(API.appointmentsHistory)).toEqual([[API.appointmentsHistory, 1]]);
    expect(gets.of(API.appointmentsNextEligible)).toEqual([[API.appointmentsNextEligible, 1]]);
    expect(gets.of(API.authMe)).toEqual([[API.authMe, 1]]);
    expect(gets.repeated()).toEqual([]);
  });

  it('the console: the account and the campaigns once each on the list and the overview, and nothing twice', async () => {
    const staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    const upcoming = `${ADMIN_CAMPAIGN_API.campaigns}?filter=upcoming`;
    const list = await coldLoad(staff, CONSOLE_PAGES.campaigns, PHONE, (page) =>
      page.getByRole('region', { name: 'Danh sách chiến dịch' }).getByRole('link').first().waitFor(),
    );
    expect(list.of(API.authMe)).toEqual([[API.authMe, 1]]);
    expect(list.of(ADMIN_CAMPAIGN_API.campaigns)).toEqual([[upcoming, 1]]);
    expect(list.repeated()).toEqual([]);

    const overview = await coldLoad(staff, CONSOLE_PAGES.home, PHONE, (page) =>
      page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor(),
    );
    expect(overview.of(API.authMe)).toEqual([[API.authMe, 1]]);
    expect(overview.of(ADMIN_CAMPAIGN_API.campaigns)).toEqual([[upcoming, 1]]);
    expect(overview.repeated()).toEqual([]);
  });

  it("the day page: the account, the campaign and the day's list once each, and nothing twice", async () => {
    const staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    const id = await createTodayCampaign(staff, 'Một lần mỗi yêu cầu');
    const gets = await coldLoad(staff, CONSOLE_PAGES.campaignDay(id), PHONE, (page) =>
      page.getByRole('heading', { level: 2, name: 'Danh sách người hiến máu' }).waitFor(),
    );
    expect(gets.of(API.authMe)).toEqual([[API.authMe, 1]]);
    expect(gets.of(ADMIN_CAMPAIGN_API.campaign(id))).toEqual([[ADMIN_CAMPAIGN_API.campaign(id), 1]]);
    expect(gets.of(ADMIN_DAY_DESK_API.campaignAppointments(id))).toEqual([
      [ADMIN_DAY_DESK_API.campaignAppointments(id), 1],
    ]);
    expect(gets.repeated()).toEqual([]);
  });
});
