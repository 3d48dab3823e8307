import {
  ADMIN_APPEAL_API,
  ADMIN_CAMPAIGN_API,
  ADMIN_DONOR_API,
  API,
  APPEAL_API,
  APPEAL_DELIVERY_LABELS,
  APPEAL_MESSAGES,
  APPEAL_PAGES,
  APPEAL_STATUS_LABELS,
  APPEAL_TEXTS as T,
  APPEAL_URGENCY_LABELS,
  CONSENT_TEXTS,
  CONSENT_VERSIONS,
  CONSOLE_NAV_TEXTS as NAV,
  DATA_RIGHTS_API,
  PAGES,
  SLOT_API,
  stockGroupLabel,
  type TSlot,
} from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  call,
  DEMO_STAFF,
  newVerifiedDonor,
  openProfile,
  startSession,
  type Session,
} from './support/accounts.ts';
import { donateToday, freshUnitNumber } from './support/blood-centre.ts';
import {
  baseURL,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
  unique,
  waitForHydration,
} from './support/browser.ts';
import { OFFICE, openConsole, openSection } from './support/console.ts';
import { vn, vnAt, vnDay } from './support/vn-time.ts';

/** People of this file's own (a seed no other test uses), 18–60 on the campaign's day. */
const [MATCHING, OTHER_GROUP, FIRST_DONATION] = generateIdentities(10, 517_331).filter(
  (p) => Number(p.birthDate.slice(-4)) >= 1970,
);

/** The group the appeal asks for, and another one. */
const NEEDED = 'AB-';
const NOT_NEEDED = 'B+';
const TITLE = `Cần gấp nhóm máu AB− ${unique()}`;
/** Two lines, and something that looks like HTML: shown as text, never as markup. */
const MESSAGE = 'Bệnh viện cần máu AB− cho ca mổ.\nXin hãy đến <b>sớm</b>.';
const TOTAL_QUESTIONS = 22;

const question = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Câu ${n}\\. `) });
const stepHeading = (page: Page) => page.locator('#registration-step-heading');
const count = (page: Page, key: string) => page.locator(`[data-appeal-count="${key}"] dd`).innerText();

/** A verified donor with a lab-confirmed group (set by staff) and the APPEALS consent. */
async function donorWithGroup(staff: Session, prefix: string, person: typeof MATCHING, group: string) {
  const donor = await newVerifiedDonor(prefix, person!);
  const found = await call(`${ADMIN_DONOR_API.donors}?search=${donor.username}`, {
    token: staff.accessToken,
  });
  const id = found.body.data.data[0].id as number;
  const lab = await call(ADMIN_DONOR_API.donorLabBloodGroup(id), {
    token: staff.accessToken,
    method: 'PUT',
    body: { bloodGroup: group },
  });
  expect(lab.status, lab.body?.message).toBe(200);
  const consent = await call(DATA_RIGHTS_API.consent('APPEALS'), {
    token: donor.accessToken,
    method: 'PUT',
    body: { given: true, version: CONSENT_VERSIONS.APPEALS },
  });
  expect(consent.status, consent.body?.message).toBe(200);
  return donor;
}

describe('appeals by blood group: staff ask, the matching donor answers and books', () => {
  let browser: Browser;
  let staff: Session;
  let campaign: { id: number; name: string };
  let slots: TSlot[];
  let matching: Session & { username: string };
  let other: Session & { username: string };
  let appealId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    // A campaign of this file's own, in three days (CRITICAL: sent at once, whatever the hour).
    const name = `Hiến máu theo lời kêu gọi ${unique()}`;
    const created = await call(ADMIN_CAMPAIGN_API.campaigns, {
      token: staff.accessToken,
      body: {
        name,
        location: 'Bệnh viện Đa khoa, 120 Hải Phòng',
        organizeTime: vnAt(3, '07:00'),
        startReceiveTime: vnAt(3, '07:00'),
        endReceiveTime: vnAt(3, '11:00'),
        description: '',
        targetBloodUnits: 50,
        questionSetId: 1,
      },
    });
    expect(created.status, created.body?.message).toBe(200);
    campaign = { id: created.body.data.id, name };
    slots = (await call(SLOT_API.campaignSlots(campaign.id))).body.data;
    expect(slots.length).toBeGreaterThan(3);
    matching = await donorWithGroup(staff, 'keugoi', MATCHING, NEEDED);
    other = await donorWithGroup(staff, 'khacnhom', OTHER_GROUP, NOT_NEEDED);
  });
  afterAll(() => browser?.close());

  it('staff write the appeal at 1366 px, see whom it reaches, send it and follow the sending', async () => {
    const { context, page } = await newPage(browser, OFFICE);
    await openConsole(page, staff);
    await openSection(page, NAV.sections.appeals);
    await page.getByRole('heading', { level: 1, name: T.consoleTitle }).waitFor();
    const form = page.getByRole('form', { name: T.newAppeal });

    // Nothing chosen: the preview says what it needs; sending is refused in the contract's words.
    await form.locator('[data-appeal-preview]').getByText(T.previewIncomplete).waitFor();

    await form.getByRole('checkbox', { name: stockGroupLabel(NEEDED), exact: true }).check();
    await form.getByLabel(T.urgencyLabel).selectOption('CRITICAL');
    await form.getByLabel(T.campaignLabel).selectOption(String(campaign.id));
    // The audience as the server counts it, said with its breakdown (debounced after the choices).
    const expected = (
      await call(ADMIN_APPEAL_API.previewCount, {
        token: staff.accessToken,
        body: { groups: [NEEDED], urgency: 'CRITICAL', campaignId: campaign.id },
      })
    ).body.data;
    expect(expected.count).toBeGreaterThanOrEqual(1);
    await poll(() => form.locator('[data-appeal-count]').textContent()).toBe(T.previewCount(expected.count));
    expect(await form.locator('[data-appeal-preview]').innerText()).toContain(
      T.previewConfirmed(expected.confirmed),
    );

    // Two of the campaign's slots: the donor will choose between them.
    await form.getByRole('checkbox', { name: slots[1]!.label }).check();
    await form.getByRole('checkbox', { name: slots[2]!.label }).check();
    expect(await form.getByRole('checkbox', { name: T.allSlots }).isChecked()).toBe(false);
    // The end is proposed from the campaign (its end); the title is missing.
    expect(await form.getByLabel(T.endsAtLabel).inputValue()).toBe(vnDay(3));
    expect(await form.getByLabel(T.endsAtTimeLabel).inputValue()).toBe('11:00');
    await form.getByLabel(T.messageLabel).fill(MESSAGE);
    await form.getByLabel(T.targetLabel).fill('5');
    await form.getByRole('button', { name: T.send }).click();
    await poll(() => form.getByRole('alert').allInnerTexts()).toEqual([APPEAL_MESSAGES.titleRequired]);
    await form.getByLabel(T.titleLabel).fill(TITLE);
    await expectNoAxeViolations(page);

    await form.getByRole('button', { name: T.send }).click();
    const dialog = page.getByRole('dialog', { name: T.sendConfirm(expected.count) });
    await dialog.getByRole('button', { name: T.send }).click();

    // The appeal's page: the sending finishes, the donor is reached.
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    appealId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(appealId).toBeGreaterThan(0);
    await poll(() => page.getByText(APPEAL_DELIVERY_LABELS.DONE, { exact: false }).count()).toBe(1);
    await poll(() => count(page, 'reached')).toBe(String(expected.count));
    expect(await toasts(page)).toContainEqual(expect.stringContaining(T.sent));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("the matching donor is told, opens it at 360 px, chooses a slot, says 'Tôi sẽ đến' and books through the questionnaire", async () => {
    // The notification and its link.
    const notes = (await call(`${API.notifications}?limit=20`, { token: matching.accessToken })).body.data
      .data;
    const note = notes.find(
      (n: { title: string }) => n.title === T.notificationTitle(stockGroupLabel(NEEDED)),
    );
    expect(note?.link).toBe(APPEAL_PAGES.appeal(appealId));

    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, matching);
    await page.goto(note.link);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const article = page.locator('article');
    // The message as text: two lines, the tag shown as typed, nothing bold.
    expect(await article.innerText()).toContain('Bệnh viện cần máu AB− cho ca mổ.\nXin hãy đến <b>sớm</b>.');
    expect(await article.locator('b').count()).toBe(0);
    expect(
      await page.getByRole('list', { name: T.groupsNeeded }).getByRole('listitem').allInnerTexts(),
    ).toEqual([stockGroupLabel(NEEDED)]);
    expect(await article.innerText()).toContain(T.whyYou(stockGroupLabel(NEEDED)));
    expect(await article.innerText()).toContain(APPEAL_URGENCY_LABELS.CRITICAL);
    // CRITICAL reaches lab-confirmed groups only: no self-declared note.
    expect(await article.innerText()).not.toContain(T.selfDeclaredNote);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Two slots named: 'Tôi sẽ đến' asks for one first.
    await page.getByRole('button', { name: T.coming }).click();
    await poll(() => page.getByRole('alert').allInnerTexts()).toContain(T.chooseSlot);
    const chosen = slots[2]!;
    await page.getByRole('radio', { name: vn(chosen.start).full }).check();
    await page.getByRole('button', { name: T.coming }).click();

    // The wizard, on the appeal's campaign and slot; the questionnaire as always.
    await page.waitForURL((u) => u.pathname === PAGES.donationRegistration);
    await page.getByText(T.registrationNote).waitFor();
    await poll(() => stepHeading(page).textContent()).toBe('Câu hỏi sức khỏe');
    for (let n = 1; n <= TOTAL_QUESTIONS; n++)
      await question(page, n).getByRole('button', { name: 'Không' }).click();
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await poll(() => stepHeading(page).textContent()).toBe('Xác nhận thông tin');
    expect(await page.getByTestId('wizard-campaign-name').innerText()).toBe(campaign.name);
    expect(await page.getByTestId('wizard-slot').innerText()).toBe(`Khung giờ: ${chosen.label}`);
    await page.getByRole('button', { name: 'Xác nhận đăng ký' }).click();
    await poll(() => stepHeading(page).textContent()).toBe('Đăng ký hiến máu thành công!');

    // The booking holds the slot; the appeal says the donor is booked.
    const history = (await call(API.appointmentsHistory, { token: matching.accessToken })).body.data;
    const booking = history.find((a: { campaignId: number }) => a.campaignId === campaign.id);
    expect(booking.slotStart).toBe(chosen.start);
    await page.goto(APPEAL_PAGES.appeal(appealId));
    await page.getByText(T.booked).waitFor();
    await page.goto(APPEAL_PAGES.mine);
    await page.getByRole('link', { name: TITLE }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('staff see reached 1, coming 1, booked 1; the landing page shows the open appeal, asking nothing', async () => {
    const { context, page } = await newPage(browser, OFFICE);
    await openConsole(page, staff, `/quan-tri/loi-keu-goi/${appealId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await poll(() => count(page, 'coming')).toBe('1');
    expect(await count(page, 'booked')).toBe('1');
    expect(await count(page, 'answered')).toBe('1');
    expect(Number(await count(page, 'reached'))).toBeGreaterThanOrEqual(1);
    expect(Number(await count(page, 'opened'))).toBeGreaterThanOrEqual(1);
    await context.close();

    // The landing page's HTML carries the appeal (server-rendered, nothing personal).
    const html = await (await fetch(`${baseURL()}${PAGES.home}`)).text();
    expect(html).toContain(TITLE);
    expect(html).not.toContain(matching.username);

    const landing = await newPage(browser, PHONE);
    const asked: string[] = [];
    landing.page.on('request', (r) => {
      if (new URL(r.url()).pathname === APPEAL_API.open) asked.push(r.url());
    });
    await landing.page.goto(PAGES.home);
    await waitForHydration(landing.page);
    const list = landing.page.getByRole('list', { name: T.openListLabel });
    await list.scrollIntoViewIfNeeded();
    const item = list.getByRole('listitem').filter({ hasText: TITLE });
    expect(await item.getByRole('list', { name: T.groupsNeeded }).innerText()).toBe(stockGroupLabel(NEEDED));
    expect(await item.innerText()).toContain(APPEAL_URGENCY_LABELS.CRITICAL);
    expect(await item.innerText()).toContain(`${T.place}: ${campaign.name}`);
    expect(await item.getByRole('link', { name: new RegExp(`^${T.register}`) }).getAttribute('href')).toBe(
      `${PAGES.donationRegistration}?campaignId=${campaign.id}&questionset=1`,
    );
    expect(asked).toEqual([]);
    await expectNoHorizontalOverflow(landing.page);
    await expectNoAxeViolations(landing.page);
    await landing.context.close();
  });

  it('a donor of another group sees nothing: not in the list, the address says not found', async () => {
    expect((await call(APPEAL_API.appeal(appealId), { token: other.accessToken })).status).toBe(404);
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, other);
    await page.goto(APPEAL_PAGES.appeal(appealId));
    await page.getByRole('heading', { level: 1, name: T.notFound }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain(TITLE);
    await page.goto(APPEAL_PAGES.mine);
    await page.getByText(T.mineEmpty).waitFor();
    await context.close();
  });

  it("staff end it ('Kết thúc lời kêu gọi', confirmed): the button goes and the public list drops it", async () => {
    const { context, page } = await newPage(browser, OFFICE);
    await openConsole(page, staff, `/quan-tri/loi-keu-goi/${appealId}`);
    await page.getByRole('button', { name: T.end }).click();
    const dialog = page.getByRole('dialog', { name: T.endConfirm });
    await dialog.getByRole('button', { name: T.end }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(T.endedToast));
    await page.getByText(APPEAL_STATUS_LABELS.ENDED, { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: T.end }).count()).toBe(0);
    await context.close();
    const open = (await call(APPEAL_API.open)).body.data as { id: number }[];
    expect(open.map((a) => a.id)).not.toContain(appealId);
  });
});

describe('the appeals consent: with the others on the privacy tab, offered after a first donation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("'Để sau' hides the offer for this account; 'Đồng ý nhận lời kêu gọi' gives the consent", async () => {
    const staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    const donor = await newVerifiedDonor('landau', FIRST_DONATION!);
    const { context, page } = await newPage(browser, PHONE);
    // Before any donation: no offer.
    await openProfile(page, donor, '#ho-so-hien-mau');
    await page.getByTestId('record-totals').waitFor();
    expect(await page.getByRole('heading', { name: T.consentOffer }).count()).toBe(0);

    await donateToday(staff, donor.accessToken, freshUnitNumber());
    await page.reload();
    const offer = page.getByRole('region', { name: T.consentOffer });
    await offer.waitFor();
    expect(await offer.innerText()).toContain(CONSENT_TEXTS.APPEALS.text);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await offer.getByRole('button', { name: T.consentLater }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('record-totals').waitFor();
    expect(await offer.count()).toBe(0);

    // Another day on this device, the 'later' forgotten: the offer again, and this time yes.
    const me = (await call(API.authMe, { token: donor.accessToken })).body.data;
    await page.evaluate((id) => localStorage.removeItem(`appealOfferLater:${id}`), me.id);
    await page.reload();
    await offer.getByRole('button', { name: T.consentAccept }).click();
    await offer.waitFor({ state: 'detached' });
    const consents = (await call(DATA_RIGHTS_API.consents, { token: donor.accessToken })).body.data;
    expect(consents.find((c: { purpose: string }) => c.purpose === 'APPEALS')).toMatchObject({
      active: true,
      version: CONSENT_VERSIONS.APPEALS,
    });
    // The privacy tab shows it on, with the other consents.
    await page.goto('/trang-ca-nhan#quyen-rieng-tu');
    const item = page
      .getByRole('region', { name: 'Các đồng ý của bạn' })
      .getByRole('listitem')
      .filter({ hasText: CONSENT_TEXTS.APPEALS.title });
    await poll(() => item.getByRole('switch').isChecked()).toBe(true);
    await context.close();
  });
});
