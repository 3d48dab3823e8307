import { ADMIN_NEWS_API, ADMIN_DONOR_API, API, CONSOLE_PAGES } from '@giot-hong/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO_ADMIN, startSession, type Session } from './support/accounts.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';

/**
 * Every console page answers 200 when it is loaded directly: a reload, a bookmark, a link in a
 * mail. The list is CONSOLE_PAGES itself, so a page added later is covered without editing this.
 */
describe('staff console: every page survives a reload', () => {
  let browser: Browser;
  let admin: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
  });
  afterAll(() => browser?.close());

  it('loads each console route directly with 200 and its own page, not the 404 page', async () => {
    // Real ids where the page reads one, so each page renders its content.
    const campaignId = (await call(API.campaigns)).body.data[0].id as number;
    const newsId = (await call(ADMIN_NEWS_API.news, { token: admin.accessToken })).body.data[0].id as number;
    const donorId = (await call(ADMIN_DONOR_API.donors, { token: admin.accessToken })).body.data.data[0]
      .id as number;
    const ids: Record<string, string | number> = {
      campaignEdit: campaignId,
      campaignDay: campaignId,
      newsEdit: newsId,
      donor: donorId,
      questionSet: 1,
      identityReview: '3f2b8c1e-4a5d-4e6f-8a9b-0c1d2e3f4a5b',
      // No appeal in the demo data (one needs a donor it would reach): the page says it found none.
      appeal: 2_000_000_000,
    };
    const urls = Object.entries(CONSOLE_PAGES).map(([name, page]) => {
      if (typeof page === 'string') return page;
      expect(ids[name], `an id for ${name}`).toBeDefined();
      return page(String(ids[name]!));
    });

    const { context, page } = await newPage(browser, DESKTOP);
    await startSession(page, admin);
    for (const url of urls) {
      const response = await page.goto(url);
      expect([url, response?.status()]).toEqual([url, 200]);
      // The page's own content (a heading, or its own message for an item that does not exist).
      const content = page.locator('main h1, main [role="alert"]').first();
      await content.waitFor().catch((err: Error) => {
        throw new Error(`${url}: ${err.message}`);
      });
      expect([url, await content.innerText()]).not.toEqual([url, 'Không tìm thấy trang']);
    }
    await context.close();
  });
});
