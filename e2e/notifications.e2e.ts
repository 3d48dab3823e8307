import { API } from '@giot-hong/contract';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  call,
  cancellableCampaigns,
  newVerifiedDonor,
  startSession,
  type Session,
} from './support/accounts.ts';
import {
  DESKTOP,
  afterFrames,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  expectWithinHorizontally,
  launchBrowser,
  lineCount,
  newPage,
  PHONE,
  poll,
  toasts,
} from './support/browser.ts';
import { registerByApi } from './support/campaigns.ts';
import { vn } from './support/vn-time.ts';

type Campaign = { id: number; name: string; location: string; questionSetId: number; organizeTime: string };
type Item = {
  id: number;
  type: number;
  title: string;
  content: string;
  created: string;
  status: boolean;
  link: string | null;
};

/** A person of its own (a seed no other test uses): nobody else has verified this ID number. */
const [PERSON] = generateIdentities(1, 730_717);
const TOTAL_QUESTIONS = 22;

async function cancelByApi(token: string, appointmentId: number) {
  expect((await call(API.appointmentCancel(appointmentId), { token, method: 'POST' })).status).toBe(200);
}

/** The donor's current access token (the page may have refreshed it). */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('access_token')!);

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Thông báo/ });
/** The badge, found by test id: while the (modal) panel is open the header is hidden from the accessibility tree. */
const badge = (page: Page) => page.locator('header').getByTestId('unread-badge');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Thông báo' });
const items = (scope: Page | Locator) => scope.getByRole('tabpanel').getByRole('listitem');
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

async function openPanel(page: Page) {
  await bell(page).click();
  await panel(page).waitFor();
  await poll(() => items(panel(page)).count()).toBeGreaterThan(0);
}

describe('notifications: bell, panel, page and detail', () => {
  let browser: Browser;
  let campaign: Campaign;
  let donor: Session;
  let bookingId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    campaign = (await cancellableCampaigns<Campaign>())[0]!;
    donor = await newVerifiedDonor('tb', PERSON!);
  });
  afterAll(() => browser?.close());

  it('after registering in the wizard the bell shows 1 and the toast says so 3 s later', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const unreadCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === API.notificationsUnread) unreadCalls.push(r.url());
    });
    // A visitor's page never asks for the count.
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(unreadCalls).toEqual([]);
    await startSession(page, donor);
    await page.goto('/');
    // Nothing yet: a bell without a badge.
    await poll(() => bell(page).getAttribute('aria-haspopup')).toBe('dialog');
    await poll(() => unreadCalls.length).toBe(1);
    expect(await bell(page).textContent()).toBe('Thông báo');

    await page.goto(`/dang-ky-hien-mau?campaignId=${campaign.id}&questionset=${campaign.questionSetId}`);
    const question = (n: number) => page.getByRole('group', { name: new RegExp(`^Câu ${n}\\. `) });
    await question(1).waitFor();
    for (let n = 1; n <= TOTAL_QUESTIONS; n++)
      await question(n).getByRole('button', { name: 'Không' }).click();
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await page.getByRole('button', { name: 'Xác nhận đăng ký' }).click();
    await poll(() => page.locator('#registration-step-heading').textContent()).toBe(
      'Đăng ký hiến máu thành công!',
    );

    await poll(() => badge(page).textContent()).toBe('1');
    expect(await bell(page).textContent()).toContain('Thông báo (1 chưa đọc)');
    await poll(() => toasts(page), 10_000).toContainEqual(expect.stringContaining('Bạn có 1 thông báo mới.'));
    await context.close();
  });

  it('the panel: tabs, previews, per-item menu, opening an item, mark-all, scroll lock, keyboard', async () => {
    // Six more bookings cancelled and made again through the API: 13 notifications, newest a confirmation.
    let token = donor.accessToken;
    bookingId = (await call(API.appointmentsHistory, { token })).body.data[0].id;
    for (let i = 0; i < 6; i++) {
      await cancelByApi(token, bookingId);
      bookingId = await registerByApi(token, campaign.id);
    }
    const { context, page } = await newPage(browser, DESKTOP);
    await startSession(page, donor);
    await page.goto('/');
    await poll(() => badge(page).textContent()).toBe('13');
    token = await tokenOf(page);
    const all: Item[] = (await call(`${API.notifications}?size=50`, { token })).body.data.data;
    expect(all).toHaveLength(13);

    expect(await bodyOverflow(page)).not.toBe('hidden');
    await openPanel(page);
    expect(await bodyOverflow(page)).toBe('hidden');
    expect(await panel(page).getByRole('tab').allInnerTexts()).toEqual([
      'Tất cả',
      'Chưa đọc',
      'Nhắc nhở',
      'Sự kiện',
      'Tin tức',
    ]);
    expect(await panel(page).getByRole('tab', { selected: true }).innerText()).toBe('Tất cả');
    // The first page: 10 of 13, newest first.
    await poll(() => items(panel(page)).count()).toBe(10);
    const first = items(panel(page)).first();
    const newest = all[0]!;
    expect(newest.title).toBe('Đăng ký hiến máu thành công');
    const firstText = await first.getByRole('link').innerText();
    // A registration confirmation is an event; reminders are only the scheduled messages.
    expect(firstText).toContain('Sự kiện');
    expect(firstText).not.toContain('Nhắc nhở');
    expect(firstText).toContain(vn(newest.created).full);
    expect(firstText).toContain('Đăng ký hiến máu thành công');
    // Content longer than 100 characters: its first 80 and an ellipsis.
    const { date, time } = vn(campaign.organizeTime);
    const firstParagraph = `Bạn đã đăng ký tham gia ${campaign.name} lúc ${time} ngày ${date} tại ${campaign.location}.`;
    expect(firstText).toContain(`${Array.from(firstParagraph).slice(0, 80).join('').trimEnd()}…`);
    expect(firstText).not.toContain('Hãy ngủ');
    expect(await first.getByText('Chưa đọc').count()).toBe(1);
    expect(await items(panel(page)).nth(1).innerText()).toContain('Đã hủy lịch hẹn hiến máu');
    await expectNoAxeViolations(page);

    // Tabs: unread (10 shown of 13), events (bookings and cancellations), and the empty ones.
    await panel(page).getByRole('tab', { name: 'Nhắc nhở' }).click();
    await poll(() => panel(page).getByRole('tabpanel').innerText()).toContain('Không có thông báo');
    await panel(page).getByRole('tab', { name: 'Tin tức' }).click();
    await poll(() => panel(page).getByRole('tabpanel').innerText()).toContain('Không có thông báo');
    await panel(page).getByRole('tab', { name: 'Sự kiện' }).click();
    await poll(() => items(panel(page)).count()).toBe(10);
    await panel(page).getByRole('tab', { name: 'Chưa đọc' }).click();
    await poll(() => items(panel(page)).count()).toBe(10);

    // The item menu marks one read, then unread again; the count follows each time.
    await panel(page).getByRole('tab', { name: 'Tất cả' }).click();
    const second = items(panel(page)).nth(1);
    await second.getByRole('button', { name: /^Tùy chọn thông báo/ }).click();
    await page.getByRole('menuitem', { name: 'Đánh dấu là đã đọc' }).click();
    await poll(() => badge(page).textContent()).toBe('12');
    await poll(() => second.getByText('Chưa đọc').count()).toBe(0);
    await second.getByRole('button', { name: /^Tùy chọn thông báo/ }).click();
    await page.getByRole('menuitem', { name: 'Đánh dấu là chưa đọc' }).click();
    await poll(() => badge(page).textContent()).toBe('13');
    await poll(() => second.getByText('Chưa đọc').count()).toBe(1);

    // Escape closes it and gives the focus back to the bell; scrolling is free again.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    expect(await bodyOverflow(page)).not.toBe('hidden');

    // Opening an item: its page, read, panel closed.
    await openPanel(page);
    await items(panel(page)).first().getByRole('link').click();
    await page.waitForURL((u) => u.pathname === `/thong-bao/${newest.id}`);
    await panel(page).waitFor({ state: 'detached' });
    expect(await bodyOverflow(page)).not.toBe('hidden');
    await page.getByRole('heading', { level: 1, name: 'Đăng ký hiến máu thành công' }).waitFor();
    await poll(() => badge(page).textContent()).toBe('12');

    // Mark all read: the badge goes, the unread tab is empty.
    await openPanel(page);
    await panel(page).getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
    await poll(() => badge(page).count()).toBe(0);
    await panel(page).getByRole('tab', { name: 'Chưa đọc' }).click();
    await poll(() => panel(page).getByRole('tabpanel').innerText()).toContain('Không có thông báo');
    expect((await call(API.notificationsUnread, { token: await tokenOf(page) })).body.data).toBe(0);

    // 'Xem tất cả thông báo' leads to the page.
    await panel(page).getByRole('link', { name: 'Xem tất cả thông báo' }).click();
    await page.waitForURL((u) => u.pathname === '/thong-bao');
    await panel(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Thông báo' }).waitFor();
    await context.close();
  });

  it('the panel at 360 px: every filter in sight, one line each, and a header whose texts do not wrap', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    await page.goto('/');
    await openPanel(page);
    const tabs = panel(page).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Tất cả', 'Chưa đọc', 'Nhắc nhở', 'Sự kiện', 'Tin tức']);
    const list = panel(page).getByRole('tablist');
    // Nothing hidden to the side: the list does not scroll and each tab lies inside the panel.
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const tab of await tabs.all()) {
      await expectWithinHorizontally(tab, panel(page));
      expect(await tab.isVisible()).toBe(true);
      expect(await lineCount(tab)).toBe(1);
    }
    // Every filter works from there ('Tin tức' was off the edge before).
    await tabs.filter({ hasText: 'Tin tức' }).click();
    await poll(() => panel(page).getByRole('tabpanel').innerText()).toContain('Không có thông báo');
    await tabs.filter({ hasText: 'Tất cả' }).click();
    await poll(() => items(panel(page)).count()).toBe(10);
    // The header: title and 'Đánh dấu tất cả đã đọc' one line each, inside the panel.
    const title = panel(page).getByRole('heading', { name: 'Thông báo' });
    const markAll = panel(page).getByRole('button', { name: 'Đánh dấu tất cả đã đọc' });
    expect(await lineCount(title)).toBe(1);
    expect(await lineCount(markAll)).toBe(1);
    await expectWithinHorizontally(markAll, panel(page));
    await expectWithinHorizontally(panel(page).getByRole('button', { name: 'Đóng' }), panel(page));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('the page at 360 px: cards, load more, filters, open and mark read, item menu, mark all', async () => {
    // One more cancellation and booking: 15 notifications, the two newest unread.
    await cancelByApi(donor.accessToken, bookingId);
    bookingId = await registerByApi(donor.accessToken, campaign.id);
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    await page.goto('/thong-bao');
    await page.getByRole('heading', { level: 1, name: 'Thông báo' }).waitFor();
    await poll(() => badge(page).textContent()).toBe('2');
    const cards = () => items(page.getByRole('main'));
    await poll(() => cards().count()).toBe(10);
    const firstCard = await cards().first().innerText();
    expect(firstCard).toContain('Sự kiện');
    expect(firstCard).toContain('Đăng ký hiến máu thành công');
    expect(firstCard).toContain('Chưa đọc');
    expect(await cards().nth(2).getByText('Chưa đọc').count()).toBe(0);
    await expectNoAxeViolations(page);

    // 'Tải thêm' brings the next page; with everything shown it goes away.
    await page.getByRole('button', { name: 'Tải thêm' }).click();
    await poll(() => cards().count()).toBe(15);
    await poll(() => page.getByRole('button', { name: 'Tải thêm' }).count()).toBe(0);
    // No horizontal scrolling at 360 px; every filter in sight, on one line.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const tab of await page.getByRole('tab').all()) {
      await expectWithinHorizontally(tab, page.getByRole('main'));
      expect(await lineCount(tab)).toBe(1);
    }

    // Filters.
    await page.getByRole('tab', { name: 'Chưa đọc' }).click();
    await poll(() => cards().count()).toBe(2);
    await page.getByRole('tab', { name: 'Tin tức' }).click();
    await poll(() => page.getByRole('tabpanel').innerText()).toContain('Không có thông báo');
    await page.getByRole('tab', { name: 'Chưa đọc' }).click();
    await poll(() => cards().count()).toBe(2);

    // Opening a card shows the detail and marks it read.
    await cards().nth(1).getByRole('link').click();
    await page.waitForURL((u) => /^\/thong-bao\/\d+$/.test(u.pathname));
    await page.getByRole('heading', { level: 1, name: 'Đã hủy lịch hẹn hiến máu' }).waitFor();
    const article = page.getByRole('article');
    expect(await article.innerText()).toContain(`Lịch hẹn hiến máu của bạn tại ${campaign.name}`);
    expect(await article.innerText()).toContain('Sự kiện');
    expect(await article.getByRole('link', { name: 'Xem thêm chi tiết' }).getAttribute('href')).toBe(
      '/dang-ky-hien-mau',
    );
    await poll(() => badge(page).textContent()).toBe('1');
    await expectNoAxeViolations(page);

    // Back on the page: the menu toggles read and unread.
    await page.getByRole('link', { name: 'Tất cả thông báo' }).click();
    // The pages loaded before are kept (and refreshed).
    await poll(() => cards().count()).toBe(15);
    const top = cards().first();
    await top.getByRole('button', { name: /^Tùy chọn thông báo/ }).click();
    await page.getByRole('menuitem', { name: 'Đánh dấu là đã đọc' }).click();
    await poll(() => badge(page).count()).toBe(0);
    await top.getByRole('button', { name: /^Tùy chọn thông báo/ }).click();
    await page.getByRole('menuitem', { name: 'Đánh dấu là chưa đọc' }).click();
    await poll(() => badge(page).textContent()).toBe('1');
    await poll(() => top.getByText('Chưa đọc').count()).toBe(1);

    // Mark all read.
    await page.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
    await poll(() => badge(page).count()).toBe(0);
    await poll(() => page.getByRole('main').getByText('Chưa đọc', { exact: true }).count()).toBe(1); // the tab only
    await context.close();
  });

  it('a notification that is not the donor’s own, or missing, shows the error with a way back', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    await page.goto('/thong-bao');
    await page.getByRole('heading', { level: 1, name: 'Thông báo' }).waitFor();
    await page.goto('/thong-bao/2000000000');
    await page.getByRole('heading', { level: 1, name: 'Đã có lỗi xảy ra' }).waitFor();
    await page.getByRole('button', { name: 'Quay lại' }).click();
    await page.waitForURL((u) => u.pathname === '/thong-bao');
    await context.close();
  });

  it('display rules and hostile markup: badges, dates, cuts; script and event handlers never run', async () => {
    const long = 'Thông báo có tiêu đề rất dài để kiểm tra việc cắt bớt ở năm mươi ký tự';
    const created = '2026-11-24T12:00:00.000Z';
    const hostile: Item[] = [
      {
        id: 900_001,
        type: 2,
        title: '<img src=x onerror="window.__xss=1">Sự kiện <script>window.__xss=2</script>',
        content:
          '<p onclick="window.__xss=3">Nội dung ngắn</p><img src="x" onerror="window.__xss=4"><script>window.__xss=5</script>',
        created,
        status: false,
        link: 'javascript:window.__xss=6',
      },
      {
        id: 900_002,
        type: 3,
        title: long,
        content: `<p>${'Tin tức '.repeat(15)}</p>`,
        created: '14:30 22/11/2026',
        status: false,
        link: 'https://example.org/tin',
      },
      {
        id: 900_003,
        type: 9,
        title: 'Loại lạ',
        content: '<p>Ngắn</p>',
        created: 'hôm qua',
        status: true,
        link: null,
      },
    ];
    const { context, page } = await newPage(browser, DESKTOP);
    const json = (route: Route, data: unknown) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, message: 'Thành công', data }),
      });
    await page.route(
      (u) => u.pathname === API.notifications,
      (route) => json(route, { data: hostile, currentPage: 0, pageSize: 10, totalItems: 3, totalPages: 1 }),
    );
    await page.route(
      (u) => u.pathname === API.notificationsUnread,
      (route) => json(route, 2),
    );
    await page.route(
      (u) => /^\/api\/notifications\/user\/90000\d(\/toggle)?$/.test(u.pathname),
      (route) =>
        json(
          route,
          hostile.find((h) => route.request().url().includes(`/${h.id}`)),
        ),
    );
    const xss = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

    await startSession(page, donor);
    await page.goto('/');
    await poll(() => badge(page).textContent()).toBe('2');
    await openPanel(page);
    await poll(() => items(panel(page)).count()).toBe(3);
    const [a, b, c] = await items(panel(page)).getByRole('link').allInnerTexts();
    // Badges: 2 'Sự kiện', 3 'Tin tức', anything else 'Thông báo'.
    expect(a).toContain('Sự kiện');
    expect(b).toContain('Tin tức');
    expect(c).toContain('Thông báo');
    // Dates: ISO in Vietnam time, the time-first shape reordered, the unparseable one raw.
    expect(a).toContain('24/11/2026 19:00');
    expect(b).toContain('22/11/2026 14:30');
    expect(c).toContain('hôm qua');
    // A title is text: markup in it is shown, never run. Long titles stop at 50 characters.
    expect(a).toContain('<img src=x onerror="window.__xss=1">Sự kiện <script>'.slice(0, 50));
    expect(b).toContain(`${Array.from(long).slice(0, 50).join('').trimEnd()}…`);
    expect(b).not.toContain(long);
    // Content over 100 characters: 80 and an ellipsis; short content whole.
    expect(b).toContain(`${'Tin tức '.repeat(15).slice(0, 80).trimEnd()}…`);
    expect(a).toContain('Nội dung ngắn');
    expect(c).toContain('Ngắn');

    // The page and the detail render the same content; nothing runs anywhere.
    await panel(page).getByRole('link', { name: 'Xem tất cả thông báo' }).click();
    await poll(() => items(page.getByRole('main')).count()).toBe(3);
    await items(page.getByRole('main')).first().getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/thong-bao/900001');
    await page.getByRole('article').getByText('Nội dung ngắn').waitFor();
    // A javascript: link is not offered.
    expect(await page.getByRole('link', { name: 'Xem thêm chi tiết' }).count()).toBe(0);
    // The content's picture has failed to load (its onerror would have run by now).
    await page.waitForFunction(() =>
      [...document.querySelectorAll('article img')].every((i) => (i as HTMLImageElement).complete),
    );
    await afterFrames(page);
    expect(await xss()).toBeNull();
    expect(await page.locator('article script').count()).toBe(1); // inert: inserted as HTML, never executed

    // An external link opens in a new tab, safely.
    await page.goto('/thong-bao/900002');
    const more = page.getByRole('link', { name: /Xem thêm chi tiết/ });
    await more.waitFor();
    expect(await more.getAttribute('href')).toBe('https://example.org/tin');
    expect(await more.getAttribute('target')).toBe('_blank');
    expect(await more.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await xss()).toBeNull();
    await context.close();
  });
});
