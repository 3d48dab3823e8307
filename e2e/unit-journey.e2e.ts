import {
  DISCARD_REASON_LABELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  NOTIFICATION_PREFERENCE_TEXTS as PREFS,
  NOTIFICATION_PREFERENCES_API,
  UNIT_JOURNEY_TEXTS as J,
} from '@giot-hong/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  call,
  DEMO_STAFF,
  newVerifiedDonor,
  openProfile,
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
  waitForHydration,
} from './support/browser.ts';
import { vn, vnDay } from './support/vn-time.ts';

/** People of this file's own (a seed no other test uses), 18–60 on today's date. */
const [ISSUED_DONOR, DISCARDED_DONOR] = generateIdentities(8, 441_203).filter(
  (p) => Number(p.birthDate.slice(-4)) >= 1970,
);

const HOSPITAL = 'Bệnh viện Đà Nẵng';

/** The timeline of the donation, as the donor's 'Hồ sơ hiến máu' shows it: each step's lines. */
const timeline = (page: Page) => page.getByRole('list', { name: J.title });
const steps = async (list: Locator) =>
  (await list.getByRole('listitem').allInnerTexts()).map((t) =>
    t
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );

describe("the donor's journey: where the unit went, told by the blood centre's events", () => {
  let browser: Browser;
  let staff: Session;
  let key: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    // The blood centre's key, made by an ADMIN through the admin API (the console page has its own test).
    key = (await createApiKey(['units:write'])).key;
  });
  afterAll(() => browser?.close());

  /** The donor's record tab on a phone, once its journey of the unit is on screen. */
  async function openJourney(donor: Parameters<typeof openProfile>[1]) {
    const { context, page } = await newPage(browser, PHONE);
    await openProfile(page, donor, '#ho-so-hien-mau');
    const list = timeline(page);
    await list.waitFor();
    return { context, page, list };
  }

  it('at 360 px: steps to come say so; once the unit is sent, the hospital is named', async () => {
    const donor = await newVerifiedDonor('hanhtrinh', ISSUED_DONOR!);
    const unit = freshUnitNumber();
    await donateToday(staff, donor.accessToken, unit);
    const today = vn(new Date().toISOString()).date;

    // Tested and processed by the centre, not sent yet.
    await sendUnitEvents(key, [
      unitEvent(unit, 'TESTED', { bloodGroup: 'O+', screening: 'NEGATIVE' }),
      unitEvent(unit, 'PROCESSED', { components: ['RED_CELLS', 'PLASMA'] }),
    ]);
    const { context, page, list } = await openJourney(donor);
    expect(await steps(list)).toEqual([
      [J.COLLECTED, today],
      [J.TESTED, today],
      [J.PROCESSED, today],
      [J.ISSUED, J.pending],
    ]);
    // An ordered list, read in order: the state is in words, not in the dots' colour.
    expect(await list.evaluate((el) => el.tagName)).toBe('OL');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Sent to a hospital: its name, and nothing about the patient.
    await sendUnitEvents(key, [unitEvent(unit, 'ISSUED', { hospital: HOSPITAL, issuedOn: vnDay(0) })]);
    await page.reload();
    await list.waitFor();
    expect(await steps(list)).toEqual([
      [J.COLLECTED, today],
      [J.TESTED, today],
      [J.PROCESSED, today],
      [J.ISSUED, today, J.issuedTo(HOSPITAL)],
    ]);
    expect(await page.locator('main').innerText()).not.toContain(J.pending);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('a discarded unit is said gently, without its reason; the donor may switch the journey e-mail off', async () => {
    const donor = await newVerifiedDonor('khongdung', DISCARDED_DONOR!);
    const unit = freshUnitNumber();
    await donateToday(staff, donor.accessToken, unit);
    await sendUnitEvents(key, [
      unitEvent(unit, 'TESTED', { bloodGroup: 'A+', screening: 'NEGATIVE' }),
      unitEvent(unit, 'DISCARDED', { reason: 'EXPIRED' }),
    ]);
    const today = vn(new Date().toISOString()).date;

    const { context, page, list } = await openJourney(donor);
    expect(await steps(list)).toEqual([
      [J.COLLECTED, today],
      [J.TESTED, today],
      [J.DISCARDED, today],
    ]);
    const shown = await page.locator('main').innerText();
    for (const reason of Object.values(DISCARD_REASON_LABELS)) expect(shown).not.toContain(reason);
    expect(shown).not.toContain('EXPIRED');
    await expectNoAxeViolations(page);

    // The FAQ says why some units are not used. The question is opened once the page is the
    // application's: this test reads the answer (a click made before is held for 5 s at most, and a
    // loaded CI machine once took longer to hydrate it).
    await page.goto('/cau-hoi-thuong-gap');
    await waitForHydration(page);
    await page.getByRole('button', { name: J.faqQuestion, exact: true }).click();
    const answer = page.getByRole('region', { name: J.faqQuestion });
    await poll(() => answer.isVisible()).toBe(true);
    expect(await answer.innerText()).toContain(J.faqAnswer);

    // 'Cài đặt thông báo' on the notifications page: a labelled checkbox per kind and channel, saved
    // with its button and a toast; the portal's own list is always on.
    await page.goto('/thong-bao');
    const prefs = page.getByRole('region', { name: PREFS.title });
    const label = (channel: 'PORTAL' | 'EMAIL') =>
      `${MESSAGE_KIND_LABELS.JOURNEY}: ${MESSAGE_CHANNEL_LABELS[channel]}${channel === 'PORTAL' ? ` (${PREFS.alwaysOn})` : ''}`;
    const portal = prefs.getByRole('checkbox', { name: label('PORTAL') });
    const email = prefs.getByRole('checkbox', { name: label('EMAIL') });
    await email.waitFor();
    expect([await portal.isChecked(), await portal.isDisabled()]).toEqual([true, true]);
    expect(await email.isChecked()).toBe(true);
    await email.click();
    await prefs.getByRole('button', { name: PREFS.save }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(PREFS.saved));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    const kept = await call(NOTIFICATION_PREFERENCES_API.mine, { token: donor.accessToken });
    expect(kept.body.data.channels.JOURNEY).toEqual({ PORTAL: true, EMAIL: false, PUSH: true });
    // Still off after a reload: the page shows what the server kept.
    await page.reload();
    await email.waitFor();
    expect(await email.isChecked()).toBe(false);
    await context.close();
  });
});
