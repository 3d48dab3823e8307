import {
  ADMIN_DONOR_API,
  API,
  CONSOLE_PAGES,
  CONSOLE_NAV_TEXTS as NAV,
  RARE_BLOOD_API,
  RARE_BLOOD_MESSAGES as M,
  RARE_BLOOD_TEXTS as T,
} from '@giot-hong/contract';
import type { Browser } from 'playwright-core';
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
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
} from './support/browser.ts';
import { errorUnder, openConsole } from './support/console.ts';

/** A person of this file's own (a seed no other test uses), 18–60 on today's date. */
const [MEMBER] = generateIdentities(8, 508_116).filter((p) => Number(p.birthDate.slice(-4)) >= 1970);
/** The mobile number verifyWithCard gives every donor it verifies. */
const PHONE_NUMBER = '0351234567';

describe('the rare-blood club: an O− donor joins, staff find and phone them, the donor sees it', () => {
  let browser: Browser;
  let staff: Session;
  let donor: Session & { username: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    donor = await newVerifiedDonor('mauhiem', MEMBER!);
    // The laboratory's group, recorded by staff as from a result (the group a donor types does not count).
    const id = (await call(API.authMe, { token: donor.accessToken })).body.data.id as number;
    const lab = await call(ADMIN_DONOR_API.donorLabBloodGroup(id), {
      token: staff.accessToken,
      method: 'PUT',
      body: { bloodGroup: 'O-' },
    });
    expect(lab.status, lab.body?.message).toBe(200);
  });
  afterAll(() => browser?.close());

  it('at 360 px: joins on the privacy tab, goes on call 20:00–06:00; staff list O− and see the number; the access log says so', async () => {
    const { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    await openProfile(page, donor, '#quyen-rieng-tu');
    const card = page.getByRole('region', { name: T.title });
    await card.getByText(T.membership).waitFor();
    expect(await card.textContent()).toContain(T.yourGroup('O-'));
    // Before joining, the consent list does not offer the club's consent.
    const consents = page.getByRole('region', { name: 'Các đồng ý của bạn' });
    await consents.getByText('Điều khoản sử dụng', { exact: true }).waitFor();
    expect(await consents.getByText(T.title, { exact: true }).count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: T.join }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(T.joined));
    await card.getByText(/^Bạn là thành viên từ ngày \d\d\/\d\d\/\d{4}\.$/).waitFor();
    await poll(() => consents.textContent()).toMatch(/Câu lạc bộ máu hiếm.*Đã đồng ý ngày/);

    // On call needs both hours, in the contract's words under each input.
    await card.getByRole('switch', { name: T.onCall }).check();
    await card.getByRole('button', { name: T.save }).click();
    await poll(() => errorUnder(page, new RegExp(`^${T.callFrom}`))).toBe(M.callFromRequired);
    expect(await errorUnder(page, new RegExp(`^${T.callTo}`))).toBe(M.callToRequired);
    await expectNoAxeViolations(page);
    await card.getByLabel(new RegExp(`^${T.callFrom}`)).fill('20:00');
    await card.getByLabel(new RegExp(`^${T.callTo}`)).fill('06:00');
    await card.getByRole('button', { name: T.save }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(T.saved));
    const state = (await call(RARE_BLOOD_API.mine, { token: donor.accessToken })).body.data;
    expect(state).toMatchObject({ member: true, onCall: true, callHours: { from: '20:00', to: '06:00' } });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Staff, on a phone too: no listing before a group is chosen.
    const staffPage = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    const desk = staffPage.page;
    await openConsole(desk, staff, CONSOLE_PAGES.rareBlood);
    await desk.getByRole('heading', { level: 1, name: T.title }).waitFor();
    await desk.getByText(T.chooseGroup).waitFor();
    await desk.getByRole('button', { name: T.show }).click();
    await poll(() => errorUnder(desk, new RegExp(`^${T.groupLabel}`))).toBe(M.groupRequired);
    await desk.getByLabel(new RegExp(`^${T.groupLabel}`)).selectOption({ label: 'O−' });
    await desk.getByRole('button', { name: T.show }).click();
    const member = desk.getByRole('listitem').filter({ hasText: MEMBER!.fullName });
    await member.waitFor();
    const tel = member.getByRole('link', { name: `${T.call(MEMBER!.fullName)}: ${PHONE_NUMBER}` });
    expect(await tel.getAttribute('href')).toBe(`tel:${PHONE_NUMBER}`);
    const text = await member.innerText();
    expect(text).toContain('O−');
    expect(text).toContain('Phường Hoàn Kiếm, Thành phố Hà Nội');
    expect(text).toContain(T.onCallNow('20:00', '06:00'));
    expect(text).toContain(`${T.lastDonation}\n${T.neverDonated}`);
    expect(text).toContain(`${T.nextEligible}\n${T.eligibleNow}`);
    await expectNoHorizontalOverflow(desk);
    await expectNoAxeViolations(desk);
    // The section is in the console's navigation.
    await desk.getByRole('button', { name: new RegExp(`^${NAV.menu}`) }).click();
    expect(
      await desk
        .getByRole('dialog', { name: NAV.label })
        .getByRole('link', { name: NAV.sections.rareBlood })
        .getAttribute('aria-current'),
    ).toBe('page');
    await staffPage.context.close();

    // The donor's "who saw my data" names the listing, by role.
    await page.reload();
    const views = page.getByRole('region', { name: 'Ai đã xem dữ liệu của tôi' });
    await views
      .getByText('Xem thông tin liên hệ của bạn trong Câu lạc bộ máu hiếm (Cán bộ của Hội)', {
        exact: false,
      })
      .waitFor();
    await context.close();
  });
});
