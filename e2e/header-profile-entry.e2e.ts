import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, DEMO_DONOR, newDonor, startSession, type Session } from './support/accounts.ts';
import { launchBrowser, newPage, PHONE } from './support/browser.ts';

describe('create-donor-profile entry in the header and the drawer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function loggedInPage(session: Session, viewport?: typeof PHONE) {
    const { context, page } = await newPage(browser, viewport);
    await startSession(page, session);
    await page.goto('/');
    return { context, page };
  }

  it('shows for a donor without a donor profile (NONE) and not for a verified one', async () => {
    const donor = await newDonor('hd');

    const fresh = await loggedInPage(donor);
    const header = fresh.page.getByRole('banner');
    await expect
      .poll(() => header.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).count(), { timeout: 15_000 })
      .toBe(1);
    await header.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).click();
    await fresh.page.waitForURL((u) => u.pathname === '/trang-ca-nhan' && u.hash === '#tao-ho-so-hien-mau');
    await fresh.context.close();

    // At phone width the drawer carries the same entry.
    const phone = await loggedInPage(donor, PHONE);
    await phone.page.getByRole('button', { name: 'Mở menu' }).click();
    const drawer = phone.page.getByRole('dialog', { name: 'Menu' });
    await expect
      .poll(() => drawer.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await drawer.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).getAttribute('href')).toBe(
      '/trang-ca-nhan#tao-ho-so-hien-mau',
    );
    await phone.context.close();

    // The seeded demo donor is verified (EXTRACTED): no entry once its status has arrived.
    const verified = await loggedInPage(await apiLogin(DEMO_DONOR.username, DEMO_DONOR.password));
    await verified.page.getByRole('banner').getByRole('link', { name: 'Lịch sử hiến máu' }).waitFor();
    await verified.page.waitForLoadState('networkidle');
    expect(
      await verified.page.getByRole('banner').getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).count(),
    ).toBe(0);
    await verified.context.close();
  });
});
