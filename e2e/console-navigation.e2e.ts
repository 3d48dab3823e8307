import {
  ADMIN_WAITING_WORK_API,
  API,
  CONSOLE_NAV_TEXTS as NAV,
  DASHBOARD_FIGURE_TEXTS as FIG,
  FORBIDDEN_TEXTS,
  formatCount,
  type TAdminWaitingWork,
} from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  call,
  DEMO_ADMIN,
  DEMO_STAFF,
  newPendingDonor,
  startSession,
  type Session,
} from './support/accounts.ts';
import {
  afterFrames,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
} from './support/browser.ts';
import { menuButton, OFFICE, openConsole } from './support/console.ts';

/** People of their own (a seed no other test uses): the front of one card with the back of the other. */
const [FRONT, BACK] = generateIdentities(2, 604_217);

/** Every section, in the navigation's order: none may be hidden off-screen. */
const SECTIONS = Object.values(NAV.sections);
const GROUPS = Object.values(NAV.groups);

const activeIsIn = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/** What the inbox's badge counts: new messages and the open tasks beside them. */
const inboxTotal = (w: TAdminWaitingWork) => w.inboxNew + w.bloodGroupTasksOpen + (w.counsellingOpen ?? 0);

describe('staff console: a navigation that shows every section and the waiting work', () => {
  let browser: Browser;
  let staff: Session;
  let waiting: TAdminWaitingWork;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    // Work waiting for staff: an ID card the server could not trust, and a new contact message.
    await newPendingDonor('dieuhuong', FRONT!, BACK!);
    // From an address of its own: the contact form's test uses up 127.0.0.1's allowance.
    const sent = await call(API.contact, {
      from: '127.0.0.2',
      body: {
        name: 'Phạm Thu Hà',
        email: 'thuha@example.vn',
        message: 'Cho tôi hỏi lịch hiến máu tháng sau.',
      },
    });
    expect(sent.status, sent.body?.message).toBe(200);
    // As the ADMIN the tests open the console as: they see the counselling cases too.
    const admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    waiting = (await call(ADMIN_WAITING_WORK_API.waitingWork, { token: admin.accessToken })).body.data;
    expect(waiting.identityReviews).toBeGreaterThan(0);
    expect(waiting.inboxNew).toBeGreaterThan(0);
  });
  afterAll(() => browser?.close());

  it('on a phone: figures first, then a drawer with every section and the counts; focus trapped, Escape returns it', async () => {
    const { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    await openConsole(page, await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password));

    // The overview starts with its headline figures, before any chart.
    await page.getByRole('heading', { level: 2, name: FIG.heading }).waitFor();
    await poll(() => page.locator('[data-figure="reviews"]').textContent()).toBe(
      formatCount(waiting.identityReviews),
    );
    await poll(() => page.locator('[data-figure="registrations"]').textContent()).toMatch(/^[\d.]+$/);
    const chart = page.getByRole('region', { name: 'Lượt đăng ký theo ngày' });
    // The charts are far below a phone's first screen: drawn only as the person scrolls to them.
    const charts = page.getByRole('heading', { level: 2, name: 'Biểu đồ' });
    await charts.waitFor();
    await afterFrames(page);
    expect(await chart.count()).toBe(0);
    await charts.scrollIntoViewIfNeeded();
    await chart.waitFor();
    expect((await page.locator('[data-figure="units"]').boundingBox())!.y).toBeLessThan(
      (await chart.boundingBox())!.y,
    );

    // One button opens every section; it says how much work waits.
    const total = waiting.identityReviews + inboxTotal(waiting);
    const menu = menuButton(page);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.innerText()).toContain(String(total));
    expect(await menu.evaluate((b) => b.textContent?.replace(/\s+/g, ' '))).toContain(NAV.workWaiting(total));
    await menu.click();
    const drawer = page.getByRole('dialog', { name: NAV.label });
    const nav = drawer.getByRole('navigation', { name: NAV.label });
    await nav.waitFor();
    for (const g of GROUPS) await nav.getByRole('heading', { level: 2, name: g, exact: true }).waitFor();
    for (const s of SECTIONS) expect(await nav.getByRole('link', { name: s }).count(), s).toBe(1);
    expect(await nav.getByRole('link', { name: NAV.sections.identityReviews }).textContent()).toContain(
      NAV.reviewsWaiting(waiting.identityReviews),
    );
    expect(await nav.getByRole('link', { name: NAV.sections.inbox }).textContent()).toContain(
      NAV.inboxNew(waiting.inboxNew),
    );
    // The keyboard stays inside the open drawer, and Escape gives the focus back to its button.
    expect(await activeIsIn(page, '[role="dialog"]')).toBe(true);
    for (let i = 0; i < SECTIONS.length + 4; i++) {
      await page.keyboard.press('Tab');
      expect(await activeIsIn(page, '[role="dialog"]')).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menu.evaluate((b) => b === document.activeElement)).toBe(true);

    // A choice closes the drawer and opens the section.
    await menu.click();
    await nav.getByRole('link', { name: NAV.sections.identityReviews }).click();
    await page.getByRole('heading', { level: 1, name: 'Duyệt xác thực căn cước' }).waitFor();
    expect(await drawer.count()).toBe(0);

    // An empty list shows what it would hold, not a trash can.
    await page.goto('/quan-tri/tin-tuc');
    await page.getByLabel('Tìm tin tức').fill('không có tin nào như thế này');
    const empty = page.getByText('Chưa có tin tức nào', { exact: true });
    await empty.waitFor();
    expect(await page.locator('[data-empty-icon]').getAttribute('data-empty-icon')).toBe('Newspaper');
    await expectNoHorizontalOverflow(page);
    await context.close();
  });

  it('a staff member on an ADMIN page is told it is for Quản trị viên, inside the console', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, staff);
    for (const path of ['/quan-tri/nhat-ky', '/quan-tri/tai-khoan']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: FORBIDDEN_TEXTS.title }).waitFor();
      const text = await page.locator('main').innerText();
      expect(text).toContain(FORBIDDEN_TEXTS.adminOnly);
      expect(text).not.toContain('chỉ dành cho cán bộ');
    }
    // Still in the console: its menu, and a way back to the overview.
    await menuButton(page).waitFor();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: FORBIDDEN_TEXTS.backToConsole }).click();
    await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
    await context.close();
  });

  it('at 1366 px every section is in the sidebar, on screen, with the counts of waiting work', async () => {
    const { context, page } = await newPage(browser, OFFICE);
    await openConsole(page, await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password));
    const nav = page.getByRole('navigation', { name: NAV.label });
    // The console for the account, not the server's frame (whose navigation has no ADMIN section):
    // the account's name in the header comes with it.
    await page.getByRole('banner').getByText(DEMO_ADMIN.username, { exact: true }).waitFor();
    await nav.waitFor();
    expect(await menuButton(page).isVisible()).toBe(false);
    for (const s of SECTIONS) {
      const link = nav.getByRole('link', { name: s });
      expect(await link.isVisible(), s).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.y + box.height, `${s} is below the screen`).toBeLessThanOrEqual(OFFICE.height);
      expect(box.x + box.width, `${s} is right of the screen`).toBeLessThanOrEqual(OFFICE.width);
    }
    const counts = await nav.locator('[data-waiting-count]').allTextContents();
    expect(counts).toEqual([String(waiting.identityReviews), String(inboxTotal(waiting))]);
    expect(await nav.getByRole('link', { name: NAV.sections.home }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectNoAxeViolations(page);
    await context.close();
  });
});
