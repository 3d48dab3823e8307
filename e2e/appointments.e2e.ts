import { API, CONSENT_VERSIONS, slotLabel, TIMING } from '@giot-hong/contract';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { call, newDonor, newVerifiedDonor, startSession } from './support/accounts.ts';
import {
  afterFrames,
  DESKTOP,
  downloadedFile,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  expectWithinHorizontally,
  launchBrowser,
  lineCount,
  newPage,
  PHONE,
  poll,
  toasts,
} from './support/browser.ts';
import { vn } from './support/vn-time.ts';

type Campaign = { id: number; name: string; location: string; questionSetId: number; organizeTime: string };

/**
 * People of their own (a seed no other test uses), so that no other test has verified these ID
 * numbers already; a fixed seed keeps the synthetic cards, and so their reading, the same every run.
 */
const PEOPLE = generateIdentities(3, 730_006);
let nextPerson = 0;
const TOTAL_QUESTIONS = 22;

const question = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Câu ${n}\\. `) });
const stepHeading = (page: Page) => page.locator('#registration-step-heading');
const summary = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Tổng quan hiến máu' })
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
const historyItems = (page: Page) =>
  page.getByRole('list', { name: 'Lịch hẹn của bạn' }).getByRole('listitem');
const valueOf = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope
    .locator('div', { has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** The booked slot as the history and the view show it: 'HH:mm – HH:mm ngày dd/MM/yyyy' (Vietnam). */
async function bookedSlotTime(token: string, campaignId: number): Promise<string> {
  const history = await call(API.appointmentsHistory, { token });
  const a = (history.body.data as { campaignId: number; slotStart: string; slotEnd: string }[]).find(
    (h) => h.campaignId === campaignId,
  )!;
  return `${slotLabel(a.slotStart, a.slotEnd)} ngày ${vn(a.slotStart).date}`;
}

/** Registers through the wizard as a person does: every question answered, the 2nd one 'Có' with a detail when asked. */
async function registerThroughWizard(page: Page, campaign: Campaign, detail?: string) {
  await page.goto(`/dang-ky-hien-mau?campaignId=${campaign.id}&questionset=${campaign.questionSetId}`);
  await poll(() => stepHeading(page).textContent()).toBe('Câu hỏi sức khỏe');
  await question(page, 1).waitFor();
  for (let n = 1; n <= TOTAL_QUESTIONS; n++) {
    if (n === 2 && detail) {
      await question(page, n).getByRole('button', { name: 'Có' }).click();
      await question(page, n).getByLabel('Ghi rõ chi tiết').fill(detail);
    } else {
      await question(page, n).getByRole('button', { name: 'Không' }).click();
    }
  }
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await poll(() => stepHeading(page).textContent()).toBe('Xác nhận thông tin');
  await page.getByRole('button', { name: 'Xác nhận đăng ký' }).click();
  await poll(() => stepHeading(page).textContent()).toBe('Đăng ký hiến máu thành công!');
}

describe('appointments: history, view, cancellation', () => {
  let browser: Browser;
  let campaigns: Campaign[];

  beforeAll(async () => {
    browser = await launchBrowser();
    campaigns = (await call(API.campaigns)).body.data;
    expect(campaigns.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => browser?.close());

  // A dozen screens with four accessibility checks: about a minute on this machine.
  it('register → history → view → form detail → cancel → register again', async () => {
    const donor = await newVerifiedDonor('lh', PEOPLE[nextPerson++]!);
    const campaign = campaigns[2]!;
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);

    // Register, then follow the success step's 'Xem lịch hẹn'.
    await registerThroughWizard(page, campaign, 'Viêm mũi dị ứng, đã ổn định');
    await page.getByRole('link', { name: 'Xem lịch hẹn' }).click();
    await page.waitForURL((u) => u.pathname === '/trang-ca-nhan' && u.hash === '#lich-su-hien-mau');
    await page.getByRole('tab', { name: 'Lịch sử hiến máu', selected: true }).waitFor();

    // History: the counters and the one booking.
    await poll(() => historyItems(page).count()).toBe(1);
    expect(await summary(page, 'Đã hiến máu').textContent()).toBe('0');
    expect(await summary(page, 'Sắp tới').textContent()).toBe('1');
    expect(await summary(page, 'Đã hủy').textContent()).toBe('0');
    await poll(() => summary(page, 'Có thể hiến máu lại').textContent()).toBe('Có thể hiến ngay');
    // At 360 px every counter's label and value take one line, and the three counters line up.
    const overview = page.getByRole('region', { name: 'Tổng quan hiến máu' });
    for (const el of [...(await overview.locator('dt').all()), ...(await overview.locator('dd').all())]) {
      expect(await lineCount(el), (await el.textContent()) ?? '').toBe(1);
      await expectWithinHorizontally(el, overview);
    }
    const counters = await Promise.all(
      ['Đã hiến máu', 'Sắp tới', 'Đã hủy'].map(async (label) => ({
        card: (await summary(page, label).locator('..').boundingBox())!,
        label: (await overview.locator('dt', { hasText: new RegExp(`^${label}$`) }).boundingBox())!,
      })),
    );
    for (const c of counters) {
      expect(c.card.y).toBe(counters[0]!.card.y);
      expect(c.card.height).toBe(counters[0]!.card.height);
      expect(c.label.y).toBe(counters[0]!.label.y);
    }
    // The profile's tab labels take one line each too.
    for (const tab of await page.getByRole('tablist', { name: 'Trang cá nhân' }).getByRole('tab').all()) {
      expect(await lineCount(tab), (await tab.textContent()) ?? '').toBe(1);
      await expectWithinHorizontally(tab, page.getByRole('main'));
    }
    await expectNoHorizontalOverflow(page);
    const item = historyItems(page).first();
    expect(await item.getByRole('heading', { level: 3 }).textContent()).toBe(campaign.name);
    expect(await item.innerText()).toContain('Đã đặt lịch');
    expect(await valueOf(item, 'Thời gian:').textContent()).toBe(
      await bookedSlotTime(donor.accessToken, campaign.id),
    );
    expect(await valueOf(item, 'Địa điểm:').textContent()).toBe(campaign.location);
    // The history's own state: the registration's toasts (checked where they show) are let to go
    // first — on a slow run their fading out met axe's contrast check halfway.
    await poll(() => toasts(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // The appointment view.
    await item.getByRole('link', { name: 'Xem chi tiết' }).click();
    await page.waitForURL((u) => /^#xem-lich-hen-\d+$/.test(u.hash));
    const appointmentId = Number(new URL(page.url()).hash.replace('#xem-lich-hen-', ''));
    const band = page.getByRole('heading', { level: 2, name: donor.person.fullName });
    await band.waitFor();
    // An appointment belongs to the history: that tab is current, and so is 'Lịch sử' below.
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Lịch sử hiến máu');
    const bottomBar = page.getByRole('navigation', { name: 'Thanh điều hướng dưới' });
    expect(await bottomBar.getByRole('link', { name: 'Lịch sử' }).getAttribute('aria-current')).toBe('page');
    expect(await bottomBar.getByRole('link', { name: 'Cá nhân' }).getAttribute('aria-current')).toBeNull();
    // The header band is a closed box (border all round) inside the page, the name inside it.
    const bandBox = band.locator('..');
    expect(
      await bandBox.evaluate((el) =>
        ['Top', 'Right', 'Bottom', 'Left'].map((side) =>
          parseFloat(getComputedStyle(el)[`border${side}Width` as 'borderTopWidth']),
        ),
      ),
    ).toEqual([1, 1, 1, 1]);
    await expectWithinHorizontally(bandBox, page.getByRole('main'));
    await expectWithinHorizontally(band, bandBox);
    await expectNoHorizontalOverflow(page);
    const card = page.getByRole('region', { name: 'Lịch hẹn hiện tại' });
    expect(await valueOf(card, 'Chiến dịch').textContent()).toBe(campaign.name);
    expect(await valueOf(card, 'Thời gian').textContent()).toBe(
      await bookedSlotTime(donor.accessToken, campaign.id),
    );
    expect(await valueOf(card, 'Địa điểm').textContent()).toBe(campaign.location);
    expect(await page.getByText('Đã đặt lịch', { exact: true }).count()).toBe(1);
    const personal = page.getByRole('region', { name: 'Thông tin cá nhân' });
    expect(await valueOf(personal, 'Họ và tên').textContent()).toBe(donor.person.fullName);
    expect(await valueOf(personal, 'Số CCCD').textContent()).toBe(donor.person.idNumber);
    expect(await valueOf(personal, 'Ngày sinh').textContent()).toBe(donor.person.birthDate);
    expect(await valueOf(personal, 'Giới tính').textContent()).toBe(donor.person.sex);
    // Personal information is read-only here; contact and job details are editable.
    expect(await personal.getByRole('button').count()).toBe(0);
    const contact = page.getByRole('region', { name: 'Thông tin liên hệ và nghề nghiệp' });
    expect(await valueOf(contact, 'Số điện thoại').textContent()).toBe('0351234567');
    expect(await valueOf(contact, 'Nhóm máu').textContent()).toBe('-');
    await expectNoAxeViolations(page);

    // The registration form's detail: sections with Có/Không and the detail given.
    await card.getByRole('button', { name: 'Xem chi tiết phiếu đăng ký' }).click();
    const answers = page.getByRole('dialog', { name: 'Chi tiết phiếu đăng ký hiến máu' });
    await answers.waitFor();
    expect(await answers.getByRole('heading', { level: 3 }).first().textContent()).toBe('Tiền sử hiến máu');
    const text = await answers.innerText();
    expect(text).toContain('Chi tiết: Viêm mũi dị ứng, đã ổn định');
    expect(await answers.locator('dd', { hasText: /^Có$/ }).count()).toBe(1);
    expect(await answers.locator('dd', { hasText: /^Không$/ }).count()).toBe(TOTAL_QUESTIONS - 1);
    await expectNoAxeViolations(page);
    await answers.getByRole('button', { name: 'Đóng' }).click();
    await answers.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Xem chi tiết phiếu đăng ký',
    );

    // Contact and job details: edit the blood group, save; the server keeps it.
    await contact.getByRole('button', { name: 'Chỉnh sửa thông tin' }).click();
    await page.getByLabel('Nhóm máu').selectOption('A+');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining('Cập nhật thành công'));
    await poll(() => valueOf(contact, 'Nhóm máu').textContent()).toBe('A+');
    const info = await call(API.userFullInfo, {
      token: await page.evaluate(() => localStorage.getItem('access_token')!),
    });
    expect(info.body.data).toMatchObject({ blood_group: 'A+', mobile: '0351234567', job_name: 'Kỹ sư' });

    // 'Thêm vào lịch' saves an .ics event.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Thêm vào lịch' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lich-hen-hien-mau-${appointmentId}.ics`);
    const ics = readFileSync(await downloadedFile(download), 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:Hiến máu: ${campaign.name}`);

    // Back to the history; cancel after confirming.
    await page.getByRole('link', { name: '← Quay lại lịch sử hiến máu' }).click();
    await page.waitForURL((u) => u.hash === '#lich-su-hien-mau');
    await historyItems(page).first().getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    const confirm = page.getByRole('dialog', { name: 'Xác nhận hủy lịch hẹn' });
    await confirm.waitFor();
    // The booked slot, as the history shows it (not the campaign's opening time).
    expect(await confirm.innerText()).toContain(
      `${campaign.name} lúc ${await bookedSlotTime(donor.accessToken, campaign.id)}?`,
    );
    await expectNoAxeViolations(page);
    // Escape closes it, focus back on the opener; 'Không' keeps it too.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Hủy lịch hẹn');
    await historyItems(page).first().getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    await confirm.getByRole('button', { name: 'Không, giữ lịch hẹn' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await historyItems(page).first().innerText()).toContain('Đã đặt lịch');
    await historyItems(page).first().getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    // The 3 s before the 'new notifications' toast pass on the page's clock, not the test's.
    await page.clock.install();
    const unreadFetched = page.waitForResponse((r) => new URL(r.url()).pathname === API.notificationsUnread);
    await confirm.getByRole('button', { name: 'Xác nhận hủy' }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining('Đã hủy lịch hẹn'));
    expect((await toasts(page)).join('\n')).toContain('Lịch hẹn của bạn đã được hủy thành công');
    await poll(() => historyItems(page).first().innerText()).toContain('Đã hủy');
    expect(await historyItems(page).first().getByRole('button', { name: 'Hủy lịch hẹn' }).count()).toBe(0);
    await poll(() => summary(page, 'Sắp tới').textContent()).toBe('0');
    expect(await summary(page, 'Đã hủy').textContent()).toBe('1');

    // The unread count was refreshed: when there is something new, the toast says so 3 s later,
    // and not at all when there is nothing new.
    const unread = await unreadFetched;
    const n = unread.status() === 200 ? Number(((await unread.json()) as { data: unknown }).data) : 0;
    await afterFrames(page);
    await page.clock.runFor(TIMING.newNotificationToastDelayMs + 500);
    if (n > 0) {
      await poll(() => toasts(page)).toContainEqual(expect.stringContaining(`Bạn có ${n} thông báo mới.`));
    } else {
      await afterFrames(page);
      expect((await toasts(page)).join('\n')).not.toContain('thông báo mới');
    }

    // The cancelled appointment's view invites a new registration; no form detail, no calendar;
    // below the notice, the feedback form (every status but BOOKING takes feedback).
    await historyItems(page).first().getByRole('link', { name: 'Xem chi tiết' }).click();
    await page.getByText('Lịch hẹn này đã được hủy.').waitFor();
    expect(await page.getByRole('button', { name: 'Xem chi tiết phiếu đăng ký' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Thêm vào lịch' }).count()).toBe(0);
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Đăng ký hiến máu' }).getAttribute('href'),
    ).toBe('/dang-ky-hien-mau');
    const feedback = page.getByRole('region', { name: 'Gửi phản hồi' });
    await feedback.waitFor();
    expect(await feedback.getByLabel('Chiến dịch').inputValue()).toBe(campaign.name);
    await feedback.getByLabel('Tin nhắn *').fill('Tôi có việc đột xuất nên đã hủy, hẹn lần sau.');
    await feedback.getByRole('button', { name: 'Gửi phản hồi' }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining('Cảm ơn bạn đã gửi phản hồi!'));
    await poll(() => feedback.getByLabel('Tin nhắn *').inputValue()).toBe('');
    await expectNoAxeViolations(page);
    // The current tab 'Lịch sử hiến máu' leads back to the list.
    await page.getByRole('tab', { name: 'Lịch sử hiến máu', selected: true }).click();
    await page.waitForURL((u) => u.hash === '#lich-su-hien-mau');
    await poll(() => historyItems(page).count()).toBe(1);

    // Register again for the same campaign: allowed, and both rows are in the history.
    await registerThroughWizard(page, campaign);
    await page.getByRole('link', { name: 'Xem lịch hẹn' }).click();
    await page.waitForURL((u) => u.hash === '#lich-su-hien-mau');
    await poll(() => historyItems(page).count()).toBe(2);
    const rows = await historyItems(page).allInnerTexts();
    expect(rows.every((r) => r.includes(campaign.name))).toBe(true);
    expect(rows.filter((r) => r.includes('Đã đặt lịch'))).toHaveLength(1);
    expect(rows.filter((r) => r.includes('Đã hủy'))).toHaveLength(1);
    expect(await summary(page, 'Sắp tới').textContent()).toBe('1');
    await context.close();
  });

  it("empty history invites registration; someone else's appointment is not found; load failures say so", async () => {
    const owner = await newVerifiedDonor('lh', PEOPLE[nextPerson++]!);
    // The owner's booking, made through the API; the other account must never see it.
    const set = (
      await call(`${API.questionSet}?id=${campaigns[3]!.questionSetId}`, { token: owner.accessToken })
    ).body.data;
    const answers = set.sections.flatMap((s: { questions: { id: number }[] }) =>
      s.questions.map((q) => ({ questionId: q.id, answer: 'false' })),
    );
    const booked = await call(API.answer, {
      token: owner.accessToken,
      body: { campaignId: campaigns[3]!.id, answers, healthConsentVersion: CONSENT_VERSIONS.HEALTH_DATA },
    });
    expect(booked.status).toBe(200);
    const theirs = booked.body.data.appointmentId as number;

    const other = await newDonor('lh');
    const { context, page } = await newPage(browser, DESKTOP);
    await startSession(page, other);
    await page.goto('/trang-ca-nhan#lich-su-hien-mau');
    await page.getByText('Bạn chưa có lịch hẹn hiến máu nào.').waitFor();
    expect(await summary(page, 'Đã hiến máu').textContent()).toBe('0');
    const invite = page.getByRole('tabpanel').getByRole('link', { name: 'Đăng ký hiến máu' });
    expect(await invite.getAttribute('href')).toBe('/dang-ky-hien-mau');
    await expectNoAxeViolations(page);

    await page.goto(`/trang-ca-nhan#xem-lich-hen-${theirs}`);
    await page.getByRole('alert').getByText('Không tìm thấy thông tin lịch hẹn').waitFor();
    expect(await page.getByText(owner.person.fullName).count()).toBe(0);
    expect(await page.getByText(campaigns[3]!.name).count()).toBe(0);

    // The server fails: the history's error view and toast; the view's error text.
    await page.route('**/api/appointments/history', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"x","data":null,"code":"INTERNAL"}',
      }),
    );
    // A new page load: within the open page, the history read a moment ago is still fresh
    // (CACHE.justFetchedMs) and the tab shows it without asking again. Without the session's
    // cookie: the server would read the history itself and send the page with it (ADR 72).
    await page.goto('/trang-ca-nhan#lich-su-hien-mau');
    await context.clearCookies({ name: 'gh_page_session' });
    await page.reload();
    await page
      .getByRole('alert')
      .getByText('Không thể tải dữ liệu lịch sử hiến máu')
      .waitFor({ timeout: 15_000 });
    await poll(() => toasts(page)).toContainEqual(
      expect.stringContaining('Không thể tải lịch sử hiến máu. Vui lòng thử lại sau.'),
    );
    await page.unroute('**/api/appointments/history');
    // Not a list: a different text.
    await page.route('**/api/appointments/history', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"success":true,"message":"","data":{}}',
      }),
    );
    await context.clearCookies({ name: 'gh_page_session' });
    await page.reload();
    await page.getByRole('alert').getByText('Đã xảy ra lỗi khi tải dữ liệu').waitFor({ timeout: 15_000 });
    await page.unroute('**/api/appointments/history');

    await page.route(`**/api/appointments/${theirs}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"success":false,"message":"x","data":null,"code":"UNAVAILABLE"}',
      }),
    );
    await page.goto(`/trang-ca-nhan#xem-lich-hen-${theirs}`);
    await page
      .getByRole('alert')
      .getByText('Không thể tải dữ liệu. Vui lòng thử lại sau.')
      .waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('the feedback form of a finished appointment: campaign read-only, message required', async () => {
    const donor = await newVerifiedDonor('lh', PEOPLE[nextPerson++]!);
    const campaign = campaigns[4]!;
    const set = (await call(`${API.questionSet}?id=${campaign.questionSetId}`, { token: donor.accessToken }))
      .body.data;
    const answers = set.sections.flatMap((s: { questions: { id: number }[] }) =>
      s.questions.map((q) => ({ questionId: q.id, answer: 'false' })),
    );
    const id = (
      await call(API.answer, {
        token: donor.accessToken,
        body: { campaignId: campaign.id, answers, healthConsentVersion: CONSENT_VERSIONS.HEALTH_DATA },
      })
    ).body.data.appointmentId as number;

    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, donor);
    // Only staff record a donation (DONE), and this suite has no staff console yet: the page is
    // shown the appointment as finished; everything it sends goes to the real server.
    await page.route(`**/api/appointments/${id}`, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.campaign.status = 'DONE';
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`/trang-ca-nhan#xem-lich-hen-${id}`);
    const form = page.getByRole('region', { name: 'Gửi phản hồi' });
    await form.waitFor();
    expect(await page.getByText('Hoàn thành', { exact: true }).count()).toBe(1);
    expect(await form.getByLabel('Chiến dịch').inputValue()).toBe(campaign.name);
    expect(await form.getByLabel('Chiến dịch').getAttribute('readonly')).not.toBeNull();
    expect(await form.getByLabel('Họ và tên').inputValue()).toBe(donor.person.fullName);
    // DONE still offers the registration form's detail.
    expect(await page.getByRole('button', { name: 'Xem chi tiết phiếu đăng ký' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Thêm vào lịch' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await form.getByRole('button', { name: 'Gửi phản hồi' }).click();
    await poll(() => form.getByRole('alert').allTextContents()).toEqual(['Tin nhắn là bắt buộc.']);
    await form.getByLabel('Tin nhắn *').fill('   ');
    await form.getByRole('button', { name: 'Gửi phản hồi' }).click();
    await poll(() => form.getByRole('alert').allTextContents()).toEqual(['Tin nhắn là bắt buộc.']);
    await expectNoAxeViolations(page);
    await form.getByLabel('Tin nhắn *').fill('Cảm ơn các bạn tình nguyện viên!');
    await poll(() => form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: 'Gửi phản hồi' }).click();
    // The server knows better: the appointment is still BOOKING, so it refuses.
    await poll(() => toasts(page)).toContainEqual(
      expect.stringContaining('Chưa thể gửi phản hồi cho lịch hẹn ở trạng thái "Đã đặt lịch".'),
    );
    await context.close();
  });
});
