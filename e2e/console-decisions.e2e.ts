import {
  ADMIN_BROADCAST_API,
  BROADCAST_AUDIENCE_LABELS,
  BROADCAST_MESSAGES,
  DONATION_INTERVAL_DAYS,
  DONATION_TYPES,
  DONOR_STATUS_STAFF_LABELS,
  IDENTITY_REVIEW_MESSAGES,
  DONOR_ADMIN_MESSAGES,
  STAFF_ROLE_LABELS,
  describeAuditDetail,
  ADMIN_IDENTITY_API,
  API,
  AUDIT_ACTIONS,
  BROADCAST_TEXTS as B,
  EXTERNAL_DONATION_TEXTS as X,
  IDENTITY_DECISION_TEXTS as D,
  IDENTITY_FIELD_LABELS,
  IDENTITY_REJECT_REASONS,
  addDays,
  type TIdentityReview,
} from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  call,
  DEMO_ADMIN,
  DEMO_STAFF,
  newPendingDonor,
  startSession,
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
  unique,
} from './support/browser.ts';
import { OFFICE, openSection } from './support/console.ts';

/** People of their own (a seed no other test uses): two cards whose sides come from different people. */
const [A_FRONT, A_BACK, B_FRONT, B_BACK] = generateIdentities(4, 715_331);
const EXPIRED = '01/01/2020';
const REASON = IDENTITY_REJECT_REASONS[3];

/** yyyy-mm-dd → dd/mm/yyyy. */
const dmy = (day: string) => day.split('-').reverse().join('/');
const reviewPath = (extractId: string) => `/quan-tri/xac-thuc/${extractId}`;

async function openReview(page: Page, extractId: string) {
  await page.goto(reviewPath(extractId));
  await page.getByRole('heading', { level: 1, name: /^Duyệt căn cước: / }).waitFor();
}

describe('staff console: consequential actions ask first, saying what will happen', () => {
  let browser: Browser;
  let staff: Session;
  let admin: Session;
  let approved: Awaited<ReturnType<typeof newPendingDonor>> & { userId: number };
  /** `cardName`: the name read from the card, until the rejection clears it (then the username shows). */
  let rejected: Awaited<ReturnType<typeof newPendingDonor>> & { userId: number; cardName: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const withId = async (d: Awaited<ReturnType<typeof newPendingDonor>>) => ({
      ...d,
      userId: (await call(API.authMe, { token: d.accessToken })).body.data.id as number,
    });
    approved = await withId(await newPendingDonor('duyet', A_FRONT!, A_BACK!));
    const b = await withId(await newPendingDonor('tuchoi', B_FRONT!, B_BACK!));
    const review = (await call(ADMIN_IDENTITY_API.review(b.extractId), { token: staff.accessToken })).body
      .data;
    rejected = { ...b, cardName: review.fullName ?? b.username };
  });
  afterAll(() => browser?.close());

  it('identity at 360 px: approving disagreeing sides lists them and the expiry; rejecting names the reason; the next card opens', async () => {
    const review = (await call(ADMIN_IDENTITY_API.review(approved.extractId), { token: staff.accessToken }))
      .body.data as TIdentityReview;
    expect(review.disagreements.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    await startSession(page, staff);
    await openReview(page, approved.extractId);

    // The card's expiry corrected to a date that has passed, then 'Duyệt và xác thực'.
    await page.getByLabel(new RegExp(`^${IDENTITY_FIELD_LABELS.doe}`)).fill(EXPIRED);
    await page.getByRole('button', { name: D.approve, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: D.approveTitle });
    await confirm.getByText(D.approveBody).waitFor();
    const value = (f: string) => review.fields.find((x) => x.field === f);
    const expected = [
      ...review.disagreements.map((f) =>
        D.disagreement(
          IDENTITY_FIELD_LABELS[f as keyof typeof IDENTITY_FIELD_LABELS],
          value(f)?.value ?? '',
          value(f)?.other ?? '',
          f === 'doe' ? EXPIRED : (value(f)?.value ?? ''),
        ),
      ),
      D.expired(EXPIRED),
    ];
    expect(await confirm.locator('[data-approval-warnings] li').allInnerTexts()).toEqual(expected);
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await confirm.getByRole('button', { name: D.approve, exact: true }).click();

    // Decided: the next card of the queue opens by itself.
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(IDENTITY_REVIEW_MESSAGES.approved));
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(D.nextOpened));
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/quan-tri\/xac-thuc\/[0-9a-f-]{36}$/);
    expect(new URL(page.url()).pathname).not.toBe(reviewPath(approved.extractId));

    // Rejecting mails the donor: the confirmation says so, with the reason.
    await openReview(page, rejected.extractId);
    await page.getByRole('radio', { name: REASON }).check();
    await page.getByRole('button', { name: D.reject, exact: true }).click();
    const refuse = page.getByRole('dialog', { name: D.rejectTitle(rejected.cardName) });
    await refuse.getByText(D.rejectBody(REASON)).waitFor();
    await expectNoAxeViolations(page);
    await refuse.getByRole('button', { name: D.reject, exact: true }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(IDENTITY_REVIEW_MESSAGES.rejected));
    await poll(() => new URL(page.url()).pathname).not.toBe(reviewPath(rejected.extractId));

    // The donor is 'Bị từ chối', not 'Chưa xác thực', in the search and on the donor page.
    await openSection(page, 'Người hiến máu');
    await page.getByLabel('Tìm người hiến máu').fill(rejected.username);
    const row = page.getByRole('listitem').filter({ hasText: rejected.username });
    await poll(() => row.innerText()).toContain(DONOR_STATUS_STAFF_LABELS.REJECTED);
    await row.getByRole('link').first().click();
    const status = page.locator('dt', { hasText: 'Trạng thái xác thực' }).locator('xpath=../dd');
    await poll(() => status.textContent()).toBe(DONOR_STATUS_STAFF_LABELS.REJECTED);
    await context.close();
  });

  it('at 1366 px: a broadcast says how many donors it reaches; a donation elsewhere says what it changes; the audit trail reads as words', async () => {
    const { context, page } = await newPage(browser, OFFICE);
    await startSession(page, admin);

    // A broadcast to all donors (the default): the confirmation names the number it reaches.
    await page.goto('/quan-tri');
    await openSection(page, 'Thông báo');
    await page.getByRole('heading', { level: 1, name: 'Gửi thông báo' }).waitFor();
    expect(await page.getByLabel('Người nhận').locator('option:checked').textContent()).toBe(
      BROADCAST_AUDIENCE_LABELS.ALL,
    );
    const reach = (
      await call(ADMIN_BROADCAST_API.broadcastPreviewCount, {
        token: admin.accessToken,
        body: { kind: 'ALL' },
      })
    ).body.data.count as number;
    await poll(() => page.locator('[data-audience-count]').textContent()).toBe(B.reach(reach));
    const title = `Ngày hội hiến máu tháng tới ${unique()}`;
    await page.getByLabel(/^Tiêu đề/).fill(title);
    await page.getByLabel(/^Nội dung/).fill('Mời bạn đăng ký hiến máu tại Nhà văn hóa phường.');
    await page.getByRole('button', { name: B.send, exact: true }).click();
    let confirm = page.getByRole('dialog', { name: B.confirmTitle(reach) });
    await confirm.getByText(B.confirmBody(BROADCAST_AUDIENCE_LABELS.ALL, title)).waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Không' }).click();
    await confirm.waitFor({ state: 'detached' });
    const sentTitles = async () =>
      (
        (await call(ADMIN_BROADCAST_API.broadcasts, { token: admin.accessToken })).body.data as {
          title: string;
        }[]
      ).map((b) => b.title);
    expect(await sentTitles()).not.toContain(title);
    await page.getByRole('button', { name: B.send, exact: true }).click();
    confirm = page.getByRole('dialog', { name: B.confirmTitle(reach) });
    await confirm.getByRole('button', { name: B.send, exact: true }).click();
    await poll(() => toasts(page)).toContainEqual(
      expect.stringContaining(BROADCAST_MESSAGES.broadcastQueued),
    );
    expect(await sentTitles()).toContain(title);

    // A donation made elsewhere: the confirmation says from when the donor may give again.
    await page.goto(`/quan-tri/nguoi-hien-mau/${rejected.userId}`);
    const day = addDays(new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10), -10);
    await page.getByLabel(/^Ngày hiến/).fill(day);
    await page.getByLabel(/^Nơi hiến/).fill('Bệnh viện Bạch Mai');
    await page.getByRole('button', { name: X.confirm, exact: true }).click();
    const record = page.getByRole('dialog', { name: X.confirmTitle(rejected.username) });
    await record.getByText(X.what(dmy(day), DONATION_TYPES[0].label, 'Bệnh viện Bạch Mai')).waitFor();
    await record.getByText(X.nextAllowed(dmy(addDays(day, DONATION_INTERVAL_DAYS.WHOLE_BLOOD)))).waitFor();
    await record.getByText(X.noUndo).waitFor();
    await expectNoAxeViolations(page);
    await record.getByRole('button', { name: X.confirm, exact: true }).click();
    await poll(() => toasts(page)).toContainEqual(
      expect.stringContaining(DONOR_ADMIN_MESSAGES.externalDonationSaved),
    );

    // The audit trail: a staff member chosen by name, actions and details in words, targets as links.
    await openSection(page, 'Nhật ký');
    await page.getByRole('heading', { level: 1, name: 'Nhật ký thao tác' }).waitFor();
    await page.getByLabel('Người thực hiện').selectOption({ label: `canbo (${STAFF_ROLE_LABELS.STAFF})` });
    await page.getByLabel('Hành động').selectOption({ value: 'identity.' });
    await page.getByRole('button', { name: 'Lọc', exact: true }).click();
    const list = page.getByRole('region', { name: 'Các thao tác' });
    const rejectRow = list.locator('[data-audit-row="identity.reject"]').first();
    await rejectRow.getByText(AUDIT_ACTIONS['identity.reject'].label, { exact: true }).waitFor();
    const target = rejectRow.getByRole('link', { name: `Tài khoản “${rejected.username}”` });
    expect(await target.getAttribute('href')).toBe(`/quan-tri/nguoi-hien-mau/${rejected.userId}`);
    const approveRow = list.locator('[data-audit-row="identity.approve.corrected"]').first();
    await approveRow
      .getByText(describeAuditDetail({ corrected: 'doe' })!)
      .first()
      .waitFor();
    const text = await list.innerText();
    expect(text).not.toMatch(/identity\.|user:\d|\{"/);
    await rejectRow.getByRole('button', { name: /^Lọc theo đối tượng này/ }).click();
    await page.getByText(`Tài khoản “${rejected.username}”`, { exact: true }).first().waitFor();
    await poll(async () => (await list.locator('[data-audit-row]').all()).length).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
