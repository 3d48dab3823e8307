import { ADMIN_APPOINTMENT_STATUS_LABELS, CHECK_IN_TEXTS } from '@giot-hong/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { seedBusyDay, type BusyDay } from '../apps/server/test/busy-day.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  freePort,
  processSecrets,
  startServerProcess,
  type ServerProcess,
} from '../apps/server/test/server-process.ts';
import { startSession } from './support/accounts.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  PHONE,
  poll,
} from './support/browser.ts';

/** Three pages of the day's list (50 donors each). */
const BOOKINGS = 120;

/**
 * A busy day: more donors than one page of the list shows. The bookings are written straight into
 * the database of a portal of this file's own (the shared servers' databases are out of reach), as
 * the benchmark of the day page does with 1,000.
 */
describe('staff console: the day page of a busy campaign', () => {
  let browser: Browser;
  let dataDir: string | undefined;
  let portal: ServerProcess;
  let day: BusyDay;

  beforeAll(async () => {
    const secrets = processSecrets();
    // The embedded database in a data directory of its own, as `npm start` keeps it.
    dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-busy-day-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await database.migrate();
    await seedDemoData(database.db, systemClock);
    day = await seedBusyDay(database.db, {
      bookings: BOOKINGS,
      accessSecret: secrets.ACCESS_TOKEN_SECRET,
      prefix: 'busy',
    });
    await database.close();
    portal = await startServerProcess({
      dataDir,
      port: await freePort(),
      env: { ...secrets, NODE_ENV: 'test', SEED_DEMO_DATA: 'false', SCHEDULER_ENABLED: 'false' },
      startTimeoutMs: 120_000,
      pages: true,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (portal && portal.child.exitCode === null) {
      portal.child.kill('SIGTERM');
      await portal.exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A donor's card on the phone, found by their phone number. */
  const card = (page: Page, mobile: string) =>
    page.getByRole('list', { name: 'Người hiến máu' }).getByRole('listitem').filter({ hasText: mobile });
  /**
   * What a card says, read as a person reads it: scrolled to first. The cards the screen does not
   * show are not laid out (content-visibility, ADR 64): their `innerText` is empty until the frame
   * after the scroll has drawn them, so it is read with `poll`.
   */
  const read = async (entry: Locator) => {
    await entry.scrollIntoViewIfNeeded();
    return entry.innerText();
  };

  it('pages through the list by keyboard to a donor far down, checks them in by code and shows it on their card; search finds another', async () => {
    const context = await browser.newContext({ baseURL: portal.base, viewport: PHONE });
    const page = await context.newPage();
    await startSession(page, day.staff);
    // How many cards the list held when it first appeared (read once the DOM changes of that
    // commit are done): the page draws a dozen first and the rest in the following tasks.
    await page.addInitScript(() => {
      const w = window as unknown as { firstDrawn?: number };
      new MutationObserver((_, observer) => {
        const ul = document.querySelector('ul[aria-label="Người hiến máu"]');
        if (!ul) return;
        w.firstDrawn = ul.children.length;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/quan-tri/chien-dich/${day.campaignId}/ngay-hien-mau`);
    const list = page.getByRole('list', { name: 'Người hiến máu' });
    await list.getByRole('listitem').first().waitFor();

    // One page of 50 of the 120 donors, drawn 12 at a time, and where it is in the list.
    expect(await page.evaluate(() => (window as unknown as { firstDrawn?: number }).firstDrawn)).toBe(12);
    await poll(() => list.getByRole('listitem').count()).toBe(50);
    expect(await page.locator('[data-day-range]').textContent()).toBe('Người thứ 1–50 trong 120 người');
    const pager = page.getByRole('navigation', { name: 'Phân trang' });
    expect(await pager.innerText()).toContain('Trang 1/3');

    // The time slots, far below the list: their heading in its place, their twenty forms not
    // drawn until the person scrolls near them.
    const slotsHeading = page.getByRole('heading', { level: 2, name: 'Theo khung giờ' });
    expect(await slotsHeading.count()).toBe(1);
    expect(await page.locator('[data-slot]').count()).toBe(0);

    // The last slot's donor is on the last page: not drawn yet.
    const far = day.donors[110]!;
    expect(await card(page, far.mobile).count()).toBe(0);

    // By keyboard: 'Trang sau' twice; each new page takes the focus to the list's start.
    const next = pager.getByRole('button', { name: 'Trang sau' });
    await next.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Người hiến máu',
    );
    expect(await page.locator('[data-day-range]').textContent()).toBe('Người thứ 51–100 trong 120 người');
    await next.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.locator('[data-day-range]').textContent()).toBe(
      'Người thứ 101–120 trong 120 người',
    );
    expect(await pager.innerText()).toContain('Trang 3/3');
    expect(await next.isDisabled()).toBe(true);
    const entry = card(page, far.mobile);
    await entry.waitFor();
    await poll(() => read(entry)).toContain(far.fullName);
    await poll(() => read(entry)).toContain(ADMIN_APPOINTMENT_STATUS_LABELS.BOOKING);

    // The donor shows the code at the desk; typed in, the card on screen shows the check-in.
    const codeField = page.getByLabel(CHECK_IN_TEXTS.codeLabel);
    await codeField.fill(far.code.toLowerCase());
    await codeField.press('Enter');
    await poll(() => read(entry)).toContain(ADMIN_APPOINTMENT_STATUS_LABELS.CHECKED_IN);
    await poll(() => read(entry)).toMatch(/Check-in\s+\d{2}:\d{2}/);
    await page
      .locator('[data-check-in-result]')
      .getByText(CHECK_IN_TEXTS.done(CHECK_IN_TEXTS.who(far.fullName, 1995)))
      .waitFor();
    // Still the third page: the desk keeps its place in the list.
    expect(await page.locator('[data-day-range]').textContent()).toBe('Người thứ 101–120 trong 120 người');
    // The slots' check-ins are the server's counts of the whole day, not of the page shown.
    const slotCounts = (label: string) => page.locator(`[data-slot="${label}"] [data-slot-counts]`);
    await slotsHeading.scrollIntoViewIfNeeded();
    await poll(() => slotCounts('16:00 – 16:30').textContent()).toBe('Đã đặt 6/6 · Đã check-in 1');
    expect(await slotCounts('07:00 – 07:30').textContent()).toBe('Đã đặt 6/6 · Đã check-in 0');

    // A donor of the first page checked in by code from the third: the server finds the code,
    // the desk keeps its page, and the first slot's count follows.
    const early = day.donors[1]!;
    expect(await card(page, early.mobile).count()).toBe(0);
    await codeField.fill(early.code);
    await codeField.press('Enter');
    await page
      .locator('[data-check-in-result]')
      .getByText(CHECK_IN_TEXTS.done(CHECK_IN_TEXTS.who(early.fullName, 1995)))
      .waitFor();
    await poll(() => slotCounts('07:00 – 07:30').textContent()).toBe('Đã đặt 6/6 · Đã check-in 1');
    expect(await page.locator('[data-day-range]').textContent()).toBe('Người thứ 101–120 trong 120 người');
    expect(await card(page, early.mobile).count()).toBe(0);
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // The search finds a donor on another page by phone number, and starts at its first page.
    const other = day.donors[60]!;
    await page.getByLabel('Tìm người hiến máu').fill(other.mobile);
    await poll(() => list.getByRole('listitem').count()).toBe(1);
    const found = card(page, other.mobile);
    expect(await page.locator('[data-day-range]').count()).toBe(0);
    await found.getByRole('button', { name: `Check-in ${other.fullName}` }).click();
    await poll(() => found.innerText()).toContain(ADMIN_APPOINTMENT_STATUS_LABELS.CHECKED_IN);
    await context.close();
  });
});
