import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, newDonor, startSession } from './support/accounts.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
} from './support/browser.ts';

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });

async function loginThroughForm(page: Page, username: string, password: string) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('main').getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** Every script the page loaded, by file name. */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js'))
      .map((n) => n.split('/').pop()!),
  );

describe('staff console: who may enter', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('anonymous → login → staff land on /quan-tri; the landing page loads no console code', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const landingScripts = await loadedScripts(page);
    expect(landingScripts.filter((s) => /console|campaign-day|qr|jsQR/i.test(s))).toEqual([]);

    await page.goto('/quan-tri');
    await page.waitForURL(
      (u) => u.pathname === '/dang-nhap' && u.searchParams.get('redirect') === '/quan-tri',
    );
    // Logging in from the plain login page (no redirect) lands staff on the console too.
    await page.goto('/dang-nhap');
    await loginThroughForm(page, DEMO_STAFF.username, DEMO_STAFF.password);
    await page.waitForURL((u) => u.pathname === '/quan-tri');
    await page.getByRole('navigation', { name: 'Quản trị' }).waitFor();
    expect(await page.getByRole('link', { name: 'Chiến dịch' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('heading', { level: 1, name: 'Chiến dịch hiến máu' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Logging out from the console ends the session and goes to the login page.
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await context.close();
  });

  it('a donor who opens /quan-tri sees the 403 page, not the console', async () => {
    const donor = await newDonor('qt403');
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, viewport);
      await startSession(page, donor);
      await page.goto('/quan-tri/ngay-hien-mau');
      await page.getByRole('heading', { level: 1, name: 'Không có quyền truy cập' }).waitFor();
      expect(await page.locator('main').innerText()).toContain(
        'Trang quản trị chỉ dành cho cán bộ của Hội Chữ thập đỏ.',
      );
      expect(await page.getByRole('navigation', { name: 'Quản trị' }).count()).toBe(0);
      await poll(() => page.title()).toBe('Không có quyền truy cập | Giọt Hồng');
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
      await context.close();
    }

    // A donor logging in lands on the home page as before.
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/dang-nhap');
    await loginThroughForm(page, donor.username, 'HienMau@Test26');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});
