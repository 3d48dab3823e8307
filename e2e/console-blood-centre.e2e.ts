import {
  API_KEY_FORMAT,
  API_KEY_MESSAGES,
  API_KEY_PAGE_TEXTS as K,
  API_KEY_SCOPE_LABELS,
  API_KEY_STATES,
  BLOOD_GROUP_TASK_TEXTS,
  CONSOLE_NAV_TEXTS as NAV,
  CONSOLE_TASK_TEXTS as TASKS,
  COUNSELLING_TEXTS as C,
  DONATION_RECORD_API,
  INTEGRATION_API,
  STAFF_PERMISSION_LABELS,
  STAFF_PERMISSION_TEXTS as P,
  TASK_STATUS_LABELS,
  UNIT_EVENT_CSV_COLUMNS,
  UNIT_EVENT_REFUSALS,
  UNIT_IMPORT_MESSAGES,
  UNIT_IMPORT_PAGE_TEXTS as U,
  formatExportDay,
  type TDonationRecord,
} from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  call,
  DEMO_ADMIN,
  DEMO_STAFF,
  newEnrolledStaff,
  newVerifiedDonor,
  type Session,
} from './support/accounts.ts';
import {
  createApiKey,
  donateToday,
  freshUnitNumber,
  sendUnitEvents,
  unitEvent,
} from './support/blood-centre.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
  unique,
} from './support/browser.ts';
import { errorUnder, openConsole, openSection } from './support/console.ts';
import { vn, vnDay } from './support/vn-time.ts';

/** People of this file's own (a seed no other test uses), 18–60 on today's date. */
const [IMPORTED, COUNSELLED] = generateIdentities(8, 452_611).filter(
  (p) => Number(p.birthDate.slice(-4)) >= 1970,
);

/** The steps of a donation's journey the donor's record holds (its unit number is given only by its tail). */
async function journeySteps(donorToken: string): Promise<string[]> {
  const record = (await call(DONATION_RECORD_API.mine, { token: donorToken })).body.data as TDonationRecord;
  return record.donations.flatMap((d) => d.journey.map((j) => j.step));
}

/** A CSV file of unit events: the header line, then one line per event (missing columns left empty). */
function csv(rows: Partial<Record<(typeof UNIT_EVENT_CSV_COLUMNS)[number], string>>[]): Buffer {
  const lines = [
    UNIT_EVENT_CSV_COLUMNS.join(','),
    ...rows.map((r) => UNIT_EVENT_CSV_COLUMNS.map((c) => r[c] ?? '').join(',')),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

describe("console: the blood centre's link (API keys, the CSV import, result counselling)", () => {
  let browser: Browser;
  let admin: Session;
  let staff: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
  });
  afterAll(() => browser?.close());

  it("'Khóa truy cập' at 360 px: an ADMIN creates a key, sees it once and copies it, then revokes it", async () => {
    const { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      await openConsole(page, admin);
      await openSection(page, NAV.sections.apiKeys);
      await page.getByRole('heading', { level: 1, name: K.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/quan-tri/khoa-truy-cap');

      // Nothing filled in: the contract's words under the name and the scopes.
      await page.getByRole('button', { name: K.create, exact: true }).click();
      await poll(() => errorUnder(page, K.name)).toBe(API_KEY_MESSAGES.nameRequired);
      await page.getByText(API_KEY_MESSAGES.scopesRequired).waitFor();
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);

      const name = `Viện Huyết học ${unique()}`;
      await page.getByLabel(K.name).fill(name);
      await page.getByRole('checkbox', { name: API_KEY_SCOPE_LABELS['units:write'] }).check();
      await page.getByLabel(K.expiresOn).fill(vnDay(30));
      await page.getByRole('button', { name: K.create, exact: true }).click();

      // The key, once: the warning, the key in its box, and a copy button.
      const dialog = page.getByRole('dialog', { name: API_KEY_MESSAGES.created });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(API_KEY_MESSAGES.shownOnce);
      const key = await dialog.getByLabel(K.keyLabel).inputValue();
      expect(key).toMatch(API_KEY_FORMAT);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: K.copy }).click();
      await poll(() => toasts(page)).toContainEqual(expect.stringContaining(K.copied));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

      // The key works on the blood centre's endpoint (an unknown unit is refused, not the key).
      const sent = await call(INTEGRATION_API.unitEvents, {
        token: key,
        body: {
          events: [
            unitEvent(`KHONG-CO-${unique()}`.toUpperCase(), 'TESTED', {
              bloodGroup: 'O+',
              screening: 'NEGATIVE',
            }),
          ],
        },
      });
      expect(sent.status, sent.body?.message).toBe(200);
      expect(sent.body.data.results[0]).toMatchObject({ outcome: 'REFUSED', reason: 'UNKNOWN_UNIT' });

      // Closed, the key is gone from the page for good; the list knows it by its prefix.
      await dialog.getByRole('button', { name: K.keptIt }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.reload();
      const item = page.getByRole('listitem').filter({ hasText: name });
      await item.waitFor();
      expect(await page.content()).not.toContain(key);
      const text = await item.innerText();
      expect(text).toContain(API_KEY_STATES.ACTIVE);
      expect(text).toContain(key.slice(0, 12));
      expect(text).toContain(API_KEY_SCOPE_LABELS['units:write']);
      expect(text).toContain(formatExportDay(vnDay(30)));
      expect(text).toContain(vn(new Date().toISOString()).date); // created and last used today
      expect(text).not.toContain(K.neverUsed);

      // Revoked after a question naming the consequence; the key is refused from then on.
      await item.getByRole('button', { name: `${K.revoke} ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: K.revokeTitle(name) });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(K.revokeBody);
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: K.confirmRevoke }).click();
      await confirm.waitFor({ state: 'detached' });
      await poll(() => toasts(page)).toContainEqual(expect.stringContaining(API_KEY_MESSAGES.revoked));
      await poll(() => item.innerText()).toContain(API_KEY_STATES.REVOKED);
      expect(await item.getByRole('button', { name: `${K.revoke} ${name}` }).count()).toBe(0);
      const refused = await call(INTEGRATION_API.unitEvents, {
        token: key,
        body: { events: [unitEvent('GH-0001', 'TESTED', { bloodGroup: 'O+', screening: 'NEGATIVE' })] },
      });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(API_KEY_MESSAGES.unauthorized);
    } finally {
      await context.close();
    }
  });

  it('the CSV import at 360 px: a broken line and an unknown unit are listed by line number, the rest recorded once', async () => {
    const donor = await newVerifiedDonor('nhaptep', IMPORTED!);
    const unit = freshUnitNumber();
    await donateToday(staff, donor.accessToken, unit);
    const at = new Date().toISOString();
    const file = csv([
      {
        event_id: `csv-${unique()}`,
        unit_number: unit,
        type: 'TESTED',
        at,
        blood_group: 'B+',
        screening: 'NEGATIVE',
      },
      {
        event_id: `csv-${unique()}`,
        unit_number: unit,
        type: 'TESTED',
        at,
        blood_group: 'X+',
        screening: 'NEGATIVE',
      },
      {
        event_id: `csv-${unique()}`,
        unit_number: `KHONG-CO-${unique()}`.toUpperCase(),
        type: 'PROCESSED',
        at,
        components: 'RED_CELLS|PLASMA',
      },
    ]);

    const { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await openConsole(page, staff);
      await openSection(page, NAV.sections.unitImport);
      await page.getByRole('heading', { level: 1, name: U.title }).waitFor();
      // The page explains the file's columns.
      const columns = page.getByRole('region', { name: U.columnsHeading });
      for (const c of UNIT_EVENT_CSV_COLUMNS) await columns.getByText(c, { exact: true }).first().waitFor();
      await expect(page.getByRole('button', { name: U.pick }).isEnabled()).resolves.toBe(true);

      const upload = () =>
        page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'su-kien.csv', mimeType: 'text/csv', buffer: file });
      await upload();
      const report = page.locator('[data-import-report]');
      await poll(() => report.locator('[data-import-counts]').innerText()).toBe(
        UNIT_IMPORT_MESSAGES.report(1, 0, 2),
      );
      const line = (n: number) => report.locator(`[data-import-line="${n}"]`);
      expect(await line(2).count()).toBe(0);
      const broken = await line(3).innerText();
      expect(broken).toContain(UNIT_IMPORT_MESSAGES.line(3));
      expect(broken).toContain(U.outcomes.REFUSED);
      expect(broken).toContain(UNIT_EVENT_REFUSALS.INVALID);
      const unknown = await line(4).innerText();
      expect(unknown).toContain(UNIT_IMPORT_MESSAGES.line(4));
      expect(unknown).toContain(UNIT_EVENT_REFUSALS.UNKNOWN_UNIT);
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
      expect(await journeySteps(donor.accessToken)).toContain('TESTED');

      // The same file again: the recorded line is a duplicate, nothing is recorded twice.
      await upload();
      await poll(() => report.locator('[data-import-counts]').innerText()).toBe(
        UNIT_IMPORT_MESSAGES.report(0, 1, 2),
      );
      expect(await line(2).innerText()).toContain(U.outcomes.DUPLICATE);
      expect((await journeySteps(donor.accessToken)).filter((s) => s === 'TESTED')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('result counselling: only with the permission an ADMIN grants; the case is closed with a required note', async () => {
    const donor = await newVerifiedDonor('tuvan', COUNSELLED!);
    const unit = freshUnitNumber();
    await donateToday(staff, donor.accessToken, unit);
    const { key } = await createApiKey(['units:write']);
    await sendUnitEvents(key, [unitEvent(unit, 'TESTED', { bloodGroup: 'O+', screening: 'REACTIVE' })]);
    // Until the case is closed the donor's record shows no test at all.
    expect(await journeySteps(donor.accessToken)).not.toContain('TESTED');

    const member = await newEnrolledStaff('tuvan');
    const memberSession = await apiLogin(member.username, member.password, member.secret);
    const tabs = (page: Page) => page.getByRole('navigation', { name: TASKS.tabs });

    // Without the permission: no tab, and the page says who may open it.
    let { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    try {
      await openConsole(page, memberSession);
      await openSection(page, NAV.sections.inbox);
      await tabs(page).getByRole('link', { name: BLOOD_GROUP_TASK_TEXTS.title }).waitFor();
      expect(await tabs(page).getByRole('link', { name: C.title }).count()).toBe(0);
      await page.goto('/quan-tri/hop-thu/tu-van-ket-qua');
      await page.getByText(TASKS.counsellingForbidden).waitFor();
      expect(await page.locator(`[data-counselling-case="${unit}"]`).count()).toBe(0);
    } finally {
      await context.close();
    }

    // The ADMIN grants it on the staff accounts page, after a question naming what it opens.
    ({ context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' }));
    try {
      await openConsole(page, admin, '/quan-tri/tai-khoan');
      const item = page.getByRole('listitem').filter({ hasText: member.username });
      const label = P.toggle(STAFF_PERMISSION_LABELS.RESULT_COUNSELLING);
      const toggle = item.getByRole('switch', { name: label });
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(false);
      await toggle.click();
      const grant = page.getByRole('dialog', {
        name: P.grantTitle(STAFF_PERMISSION_LABELS.RESULT_COUNSELLING, member.username),
      });
      await grant.waitFor();
      expect(await grant.innerText()).toContain(P.grantBody);
      await expectNoAxeViolations(page);
      await grant.getByRole('button', { name: P.grant, exact: true }).click();
      await grant.waitFor({ state: 'detached' });
      await poll(() => toggle.isChecked()).toBe(true);
    } finally {
      await context.close();
    }

    // With it: the tab, the case (who, phone, deadline), and the close with its note.
    ({ context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' }));
    try {
      await openConsole(page, memberSession);
      await openSection(page, NAV.sections.inbox);
      await tabs(page).getByRole('link', { name: C.title }).click();
      await page.getByRole('heading', { level: 1, name: C.title }).waitFor();
      const item = page.locator(`[data-counselling-case="${unit}"]`);
      await item.waitFor();
      const text = await item.innerText();
      expect(text).toContain(COUNSELLED!.fullName);
      expect(text).toContain('0351234567');
      expect(text).toContain(C.deadline);
      expect(await item.locator('[data-call-by]').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(text).not.toContain(C.overdue);
      expect(text).not.toMatch(/REACTIVE|dương tính/i);
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);

      await item.getByRole('button', { name: `${C.close}: ${COUNSELLED!.fullName}` }).click();
      const dialog = page.getByRole('dialog', { name: C.close });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: C.close }).click();
      await poll(() => errorUnder(page, C.noteLabel)).toBe(C.noteRequired);
      await expectNoAxeViolations(page);
      await dialog.getByLabel(C.noteLabel).fill('Đã gọi điện, hẹn tư vấn trực tiếp tại Hội ngày mai.');
      await dialog.getByRole('button', { name: C.close }).click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => toasts(page)).toContainEqual(expect.stringContaining(C.closed));
      await poll(() => item.count()).toBe(0);

      // Among the closed cases: when, by whom, and the note.
      await page.getByRole('button', { name: TASK_STATUS_LABELS.CLOSED }).click();
      await item.waitFor();
      const closed = await item.innerText();
      expect(closed).toContain(member.username);
      expect(closed).toContain('Đã gọi điện, hẹn tư vấn trực tiếp tại Hội ngày mai.');
      expect(await item.getByRole('button', { name: new RegExp(C.close) }).count()).toBe(0);
    } finally {
      await context.close();
    }
    // Closed: the donor's record now shows the test like any other.
    expect(await journeySteps(donor.accessToken)).toContain('TESTED');
  });
});
