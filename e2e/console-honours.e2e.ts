import {
  ADMIN_DAY_DESK_API,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_STAFF_TEXTS as C,
  CERTIFICATE_STATES,
  CONSOLE_NAV_TEXTS as NAV,
  HONOURS_ADMIN_API,
  HONOURS_PAGE_TEXTS as H,
  formatExportDay,
  screeningPath,
} from '@giot-hong/contract';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { apiLogin, call, DEMO_STAFF, newVerifiedDonor, type Session } from './support/accounts.ts';
import {
  downloadedFile,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
  unique,
} from './support/browser.ts';
import { OFFICE, openConsole, openSection } from './support/console.ts';
import { vnDay } from './support/vn-time.ts';
import { createTodayCampaign, registerByApi } from './support/campaigns.ts';

/** A person of this file's own (a seed no other test uses), 18–60 on today's date. */
const PERSON = generateIdentities(8, 912_733).filter((p) => Number(p.birthDate.slice(-4)) >= 1975)[0]!;

/**
 * A first donation recorded through the staff API on a campaign held today: booked, checked in,
 * the venue check, then DONE with a local unit number (unique per run). The DONE issues the
 * certificate and awards milestone 1.
 */
async function donateToday(
  staff: Session,
  donor: Session,
): Promise<{ appointmentId: number; serial: string }> {
  const campaignId = await createTodayCampaign(staff, 'Hiến máu vinh danh');
  const appointmentId = await registerByApi(donor.accessToken, campaignId);
  const checkedIn = await call(ADMIN_DAY_DESK_API.appointmentCheckIn(appointmentId), {
    token: staff.accessToken,
    method: 'POST',
  });
  expect(checkedIn.status, checkedIn.body?.message).toBe(200);
  const screened = await call(screeningPath(appointmentId), {
    token: staff.accessToken,
    method: 'PUT',
    body: { weightKg: 60, systolic: 120, diastolic: 80, pulse: 72, hemoglobinGL: 135, temperatureC: 36.6 },
  });
  expect(screened.status, screened.body?.message).toBe(200);
  const done = await call(ADMIN_DAY_DESK_API.appointmentOutcome(appointmentId), {
    token: staff.accessToken,
    body: {
      result: 'DONE',
      donationType: 'WHOLE_BLOOD',
      volumeMl: 350,
      unitNumber: `HHTM-${unique()}`.toUpperCase(),
    },
  });
  expect(done.status, done.body?.message).toBe(200);
  const day = await call(ADMIN_DAY_DESK_API.campaignAppointments(campaignId), { token: staff.accessToken });
  const row = day.body.data.data.find((a: { id: number }) => a.id === appointmentId);
  expect(row?.certificateSerial).toBeTruthy();
  return { appointmentId, serial: row.certificateSerial };
}

describe('console: honours and certificate actions', () => {
  let browser: Browser;
  let staff: Session;
  let donor: Awaited<ReturnType<typeof newVerifiedDonor>>;
  let serial: string;
  let donorId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    donor = await newVerifiedDonor('vinhdanh', PERSON);
    ({ serial } = await donateToday(staff, donor));
    const year = vnDay(0).slice(0, 4);
    const honours = await call(`${HONOURS_ADMIN_API.list}?from=${year}-01-01&to=${vnDay(0)}`, {
      token: staff.accessToken,
    });
    expect(honours.status, honours.body?.message).toBe(200);
    donorId = honours.body.data.find((r: { username: string }) => r.username === donor.username).userId;
  });
  afterAll(() => browser?.close());

  /** The donor's card in the honours list. */
  const honourCard = (page: Page) => page.locator(`[data-honour="${donor.username}"]`);

  for (const [name, size] of [
    ['phone, 360 px', PHONE],
    ['office desktop, 1366 px', OFFICE],
  ] as const)
    it(`'Vinh danh' lists a donor who reached milestone 1 (${name})`, async () => {
      const { page, context } = await newPage(browser, size);
      try {
        await openConsole(page, staff);
        await openSection(page, NAV.sections.honours);
        await page.getByRole('heading', { level: 1, name: H.title }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/quan-tri/vinh-danh');
        // The period by default: this calendar year up to today (Vietnam).
        expect(await page.getByLabel(H.from).inputValue()).toBe(`${vnDay(0).slice(0, 4)}-01-01`);
        expect(await page.getByLabel(H.to).inputValue()).toBe(vnDay(0));
        const card = honourCard(page);
        await card.waitFor();
        const text = await card.innerText();
        expect(text).toContain(PERSON.fullName);
        expect(text).toContain(H.badge(1));
        expect(text).toContain(formatExportDay(vnDay(0)));
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);

        if (size === PHONE) {
          // A period with nobody: the empty state.
          await page.getByLabel(H.from).fill('2001-01-01');
          await page.getByLabel(H.to).fill('2001-12-31');
          await page.getByText(H.empty).waitFor();
          await expectNoAxeViolations(page);
        } else {
          // The ceremony's CSV: UTF-8 with a BOM, the header line and the donor's row.
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', { name: `Tải CSV: ${H.exportWhat}` }).click(),
          ]);
          const bytes = readFileSync(await downloadedFile(download));
          expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
          const lines = bytes.toString('utf8').slice(1).split('\r\n');
          expect(lines[0]).toBe(
            '"Họ và tên","Ngày sinh","Điện thoại","Mốc vinh danh","Ngày đạt mốc","Tổng số lần hiến","Hiến máu khẩn cấp"',
          );
          const row = lines.find((l) => l.startsWith(`"${PERSON.fullName}",`));
          expect(row).toBeDefined();
          expect(row).toMatch(new RegExp(`,"1","${formatExportDay(vnDay(0))}","1","0"$`));
        }
      } finally {
        await context.close();
      }
    });

  it('on the donor page staff record a use, are refused one over the volume, and revoke', async () => {
    const { page, context } = await newPage(browser, PHONE);
    try {
      await openConsole(page, staff, `/quan-tri/nguoi-hien-mau/${donorId}`);
      const region = page.getByRole('region', { name: C.section });
      const item = region.locator(`[data-certificate="${serial}"]`);
      await item.waitFor();
      expect(await item.innerText()).toContain(CERTIFICATE_STATES.VALID);
      expect(await item.locator('[data-remaining]').innerText()).toBe(C.remaining(350));
      await expect(item.getByRole('button', { name: `${C.download} ${serial}` }).isEnabled()).resolves.toBe(
        true,
      );
      await expectNoAxeViolations(page);

      // A use of 100 ml: what remains goes down to 250 ml.
      await item.getByRole('button', { name: `${C.recordUse} ${serial}` }).click();
      const dialog = page.getByRole('dialog', { name: C.recordUseTitle(serial) });
      await dialog.waitFor();
      await dialog.getByLabel(C.hospital).fill('Bệnh viện Chợ Rẫy');
      await dialog.getByLabel(C.volume).fill('100');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: C.save }).click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => item.locator('[data-remaining]').innerText()).toBe(C.remaining(250));
      expect(await item.innerText()).toContain('Bệnh viện Chợ Rẫy');

      // One over what remains: the server's 409 is said under the form, and nothing is recorded.
      await item.getByRole('button', { name: `${C.recordUse} ${serial}` }).click();
      await dialog.waitFor();
      await dialog.getByLabel(C.hospital).fill('Bệnh viện Bạch Mai');
      await dialog.getByLabel(C.volume).fill('300');
      await dialog.getByRole('button', { name: C.save }).click();
      await dialog.getByText(CERTIFICATE_MESSAGES.useExceeds(250)).waitFor();
      await poll(() => toasts(page)).toEqual([]);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: C.cancel }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await item.locator('[data-remaining]').innerText()).toBe(C.remaining(250));

      // Revocation: the dialog names the consequence and asks for the reason.
      await item.getByRole('button', { name: `${C.revoke} ${serial}` }).click();
      const confirm = page.getByRole('dialog', { name: C.revokeTitle(serial) });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(C.revokeConsequence);
      await confirm.getByRole('button', { name: C.confirmRevoke }).click();
      await confirm.getByText(CERTIFICATE_MESSAGES.reasonRequired).waitFor();
      // The use's toast fades out first (half transparent, it fails the contrast check meanwhile).
      await poll(() => toasts(page)).toEqual([]);
      await expectNoAxeViolations(page);
      await confirm.getByLabel(C.reason).fill('Ghi nhầm người hiến máu');
      await confirm.getByRole('button', { name: C.confirmRevoke }).click();
      await confirm.waitFor({ state: 'detached' });
      await poll(() => item.innerText()).toContain(CERTIFICATE_STATES.REVOKED);
      expect(await item.innerText()).toContain(C.revokedBecause('Ghi nhầm người hiến máu'));
      expect(await item.getByRole('button', { name: `${C.recordUse} ${serial}` }).count()).toBe(0);
      await expectNoAxeViolations(page);

      // The public verification agrees.
      const verified = await call(`/api/public/certificates/${serial}`);
      expect(verified.body.data).toMatchObject({ state: 'REVOKED', remainingMl: 250 });
    } finally {
      await context.close();
    }
  });
});
