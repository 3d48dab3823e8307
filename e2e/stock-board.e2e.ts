import {
  CONSOLE_NAV_TEXTS as NAV,
  PAGES,
  STOCK_API,
  STOCK_GROUP_ORDER,
  STOCK_LEVEL_LABELS,
  STOCK_MESSAGES,
  STOCK_TEXTS as T,
  stockGroupLabel,
  type TStockLevel,
} from '@giot-hong/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, DEMO_STAFF, type Session } from './support/accounts.ts';
import {
  baseURL,
  CHAPTER,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  toasts,
  waitForHydration,
} from './support/browser.ts';
import { errorUnder, OFFICE, openConsole, openSection } from './support/console.ts';

/** What staff set in this test: every group, O− critical with a note. */
const LEVELS: Record<(typeof STOCK_GROUP_ORDER)[number], TStockLevel> = {
  'O+': 'LOW',
  'O-': 'CRITICAL',
  'A+': 'OK',
  'A-': 'LOW',
  'B+': 'HIGH',
  'B-': 'LOW',
  'AB+': 'OK',
  'AB-': 'CRITICAL',
};
const NOTE = 'Cần gấp cho ca mổ tim';

/** The board's last update as a pattern: any Vietnam time, by the chapter (CHAPTER_NAME), never a person. */
const UPDATED = T.updated('DAY', CHAPTER.name).replace('DAY', String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`);

/** The board's items as a reader hears them: group, then its level in words. */
const expectedItems = () =>
  STOCK_GROUP_ORDER.map((g) => `${stockGroupLabel(g)}${STOCK_LEVEL_LABELS[LEVELS[g]]}`);

describe('the blood stock board: set in the console, shown on the landing page', () => {
  let browser: Browser;
  let staff: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
  });
  afterAll(() => browser?.close());

  it("staff set the eight levels in 'Tồn kho máu' (1366), a missing level said under its select", async () => {
    const { context, page } = await newPage(browser, OFFICE);
    await openConsole(page, staff);
    await openSection(page, NAV.sections.stock);
    await page.getByRole('heading', { level: 1, name: T.consoleTitle }).waitFor();

    // No level chosen for O−: the contract's message under its select, nothing saved.
    await page.getByLabel(T.levelLabel('O-')).selectOption('');
    await page.getByRole('button', { name: T.save }).click();
    await expect.poll(() => errorUnder(page, T.levelLabel('O-'))).toBe(STOCK_MESSAGES.levelRequired);

    for (const g of STOCK_GROUP_ORDER)
      await page.getByLabel(T.levelLabel(g)).selectOption({ label: STOCK_LEVEL_LABELS[LEVELS[g]] });
    await page.getByLabel(T.noteLabel('O-')).fill(NOTE);
    expect(await errorUnder(page, T.levelLabel('O-'))).toBeNull();
    await page.getByRole('button', { name: T.save }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining(T.saved));
    // Each row says when and by whom: the chapter, with the staff account (staff only).
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'O−' }) });
    await expect.poll(() => row.innerText()).toContain(`${T.lastUpdate}: `);
    expect(await row.innerText()).toContain(`${CHAPTER.name} (${DEMO_STAFF.username})`);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('a fresh landing page brings the board in its HTML, then shows it at 360 px with words for every colour', async () => {
    // The server's HTML, before any script: the list with each group and its level in words.
    const html = await (await fetch(`${baseURL()}${PAGES.home}`)).text();
    const list = new RegExp(`<ul aria-label="${T.boardListLabel}"[^>]*>([\\s\\S]*?)</ul>`).exec(html);
    expect(list, 'the board is in the server HTML').not.toBeNull();
    const serverItems = [...list![1]!.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, ''),
    );
    expect(serverItems).toEqual(expectedItems());
    // The note, and nobody's name: the chapter's (from CHAPTER_NAME), not the staff account's.
    const text = html.replace(/<!--[^>]*-->|<[^>]+>/g, '');
    expect(text.includes(`${stockGroupLabel('O-')}: ${NOTE}`), 'the note is in the server HTML').toBe(true);
    expect(new RegExp(UPDATED).test(text), 'the last update, by the chapter').toBe(true);
    expect(text.includes(`(${DEMO_STAFF.username})`), 'no staff account on the public page').toBe(false);

    const { context, page } = await newPage(browser, PHONE);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === STOCK_API.board) asked.push(r.url());
    });
    await page.goto(PAGES.home);
    await waitForHydration(page);
    const board = page.getByRole('list', { name: T.boardListLabel });
    await board.scrollIntoViewIfNeeded();
    const items = await board.getByRole('listitem').allInnerTexts();
    expect(items.map((s) => s.replace(/\s+/g, ''))).toEqual(
      expectedItems().map((s) => s.replace(/\s+/g, '')),
    );
    const oNeg = board.getByRole('listitem').nth(1);
    expect(await oNeg.innerText()).toContain(STOCK_LEVEL_LABELS.CRITICAL);
    // When and by whom: the chapter, never a person.
    expect(await page.getByText(new RegExp(`^${UPDATED}$`)).count()).toBe(1);
    // The data came with the page: the board asked nothing on arrival.
    expect(asked).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
