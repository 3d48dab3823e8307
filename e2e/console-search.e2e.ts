import { DONOR_SEARCH_CARD_HINT } from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, DEMO_STAFF, startSession, type Session } from './support/accounts.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
} from './support/browser.ts';

/** The names the donor search lists for `text`, typed like a person into the search box. */
async function searchFor(page: Page, text: string): Promise<string[]> {
  // The list answers after a short pause in typing: wait for the request of this very text.
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/admin/donors?') && new URL(r.url()).searchParams.get('search') === text.trim(),
  );
  await page.getByLabel('Tìm người hiến máu').fill(text);
  await answered;
  const results = page.getByRole('region', { name: 'Kết quả tìm kiếm' });
  await poll(() => results.getAttribute('aria-busy')).toBe('false');
  return results.locator('li').evaluateAll((items) => items.map((li) => li.textContent ?? ''));
}

/**
 * The donor search the way Vietnamese staff type: without accents, in any case, any word of the
 * name. The seeded donor is 'Nguyễn Văn An'.
 */
describe('staff console: searching donors as staff type', () => {
  let browser: Browser;
  let staff: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
  });
  afterAll(() => browser?.close());

  for (const [size, viewport] of [
    ['360 px', PHONE],
    ['1366 px', { ...DESKTOP, width: 1366 }],
  ] as const)
    it(`finds 'Nguyễn Văn An' by 'nguyen', 'van an', 'An' and 'NGUY', at ${size}`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await startSession(page, staff);
      await page.goto('/quan-tri/nguoi-hien-mau');
      await page.getByRole('heading', { level: 1, name: 'Người hiến máu' }).waitFor();
      expect(await page.getByText(DONOR_SEARCH_CARD_HINT).count()).toBe(1);
      for (const text of ['nguyen', 'van an', 'An', 'NGUY']) {
        const names = await searchFor(page, text);
        expect(
          names.some((n) => n.includes('Nguyễn Văn An')),
          text,
        ).toBe(true);
      }
      // Every word must begin a word of the name.
      expect((await searchFor(page, 'van binh')).some((n) => n.includes('Nguyễn Văn An'))).toBe(false);
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
      await context.close();
    });
});
