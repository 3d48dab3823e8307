import {
  ADMIN_DAY_DESK_API,
  DAY_DESK_MESSAGES,
  ANSWER_TEXTS,
  API,
  CHECK_IN_TEXTS,
  vnClock,
} from '@giot-hong/contract';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  call,
  DEMO_STAFF,
  newVerifiedDonor,
  quietHoursAwayFromNow,
  startSession,
  type Session,
} from './support/accounts.ts';
import {
  DESKTOP,
  downloadedFile,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
  unique,
  waitForMail,
} from './support/browser.ts';
import { createTodayCampaign, registerByApi } from './support/campaigns.ts';
import { OFFICE, openConsole, openSection } from './support/console.ts';
import { fakeCameraArgs, qrCameraVideo } from './support/fake-camera.ts';
import { vnDay } from './support/vn-time.ts';
import { freshDin, recordCheckByApi, recordCheckThroughForm } from './support/venue-check.ts';

/** People of their own (a seed no other test uses): nobody else verified these ID numbers. */
// Donors must be 18–60 on the campaign's date (the age rule): the synthetic cards span 1960–2005.
const PEOPLE = generateIdentities(12, 731_515)
  .filter((p) => Number(p.birthDate.slice(-4)) >= 1970)
  .slice(0, 5);
let nextPerson = 0;

/** The year of a synthetic card's birth date ('dd/mm/yyyy'). */
const birthYear = (p: { birthDate: string }) => Number(p.birthDate.slice(-4));
const counter = (page: Page, label: string) => page.locator(`[data-counter="${label}"]`).textContent();

type NewCampaign = {
  name: string;
  location: string;
  date: string;
  start: string;
  end: string;
  target: string;
};

/** Fills and sends the campaign form as staff do; returns the new campaign's id. */
async function createCampaignThroughForm(page: Page, c: NewCampaign): Promise<number> {
  await page.goto('/quan-tri/chien-dich/tao-moi');
  await page.getByRole('heading', { level: 1, name: 'Tạo chiến dịch' }).waitFor();
  await page.getByLabel('Tên chiến dịch').fill(c.name);
  await page.getByLabel('Địa điểm').fill(c.location);
  await page.getByLabel('Ngày diễn ra').fill(c.date);
  await page.getByLabel('Giờ tổ chức').fill(c.start);
  await page.getByLabel('Bắt đầu nhận máu').fill(c.start);
  await page.getByLabel('Kết thúc nhận máu').fill(c.end);
  await page.getByLabel('Mục tiêu (đơn vị máu)').fill(c.target);
  await page.getByLabel('Bộ câu hỏi sức khỏe').selectOption({ index: 1 });
  await page.getByLabel('Mô tả').fill('Chiến dịch tạo từ trang quản trị.');
  await page.getByRole('button', { name: 'Tạo chiến dịch' }).click();
  await page.waitForURL((u) => /^\/quan-tri\/chien-dich\/\d+$/.test(u.pathname));
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The donor's check-in code as their appointment view shows it. */
async function checkInCodeOnAppointmentView(page: Page, session: Session, appointmentId: number) {
  await startSession(page, session);
  await page.goto(`/trang-ca-nhan#xem-lich-hen-${appointmentId}`);
  const section = page.getByRole('region', { name: 'Mã check-in' });
  await section.waitFor();
  await section.getByRole('img', { name: /^Mã QR check-in: / }).waitFor();
  return (await section.locator('[data-check-in-code]').textContent())!.trim();
}

/** Opens a campaign's day page as staff. */
async function openDay(page: Page, campaignId: number) {
  await page.goto(`/quan-tri/chien-dich/${campaignId}/ngay-hien-mau`);
  await page.getByRole('heading', { level: 2, name: 'Danh sách người hiến máu' }).waitFor();
}

/** The visible card (phone) or row (tablet and up) of a donor in the day's list. */
const donorEntry = (page: Page, name: string) =>
  page
    .locator('li, tr')
    .filter({ has: page.getByText(name, { exact: true }) })
    .filter({ visible: true })
    .first();

describe("staff console: a campaign's whole life", () => {
  let browser: Browser;
  let staff: Session;
  let today: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    today = await createTodayCampaign(staff, 'Hiến máu tại điểm cố định', 200);
  });
  afterAll(() => browser?.close());

  it('create → on the landing page → donor registers → check-in by code → DONE → the donor sees it; CSV', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await openConsole(page, staff);
    await openSection(page, 'Chiến dịch');
    await page.getByRole('heading', { level: 1, name: 'Chiến dịch hiến máu' }).waitFor();
    // The list and the refused form at 360 px pass axe in console-access (support/axe-states.md).
    await expectNoHorizontalOverflow(page);

    // The form refuses what the contract refuses, in Vietnamese, under each field.
    await page.getByRole('link', { name: 'Tạo chiến dịch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tạo chiến dịch' }).waitFor();
    await page.getByRole('button', { name: 'Tạo chiến dịch' }).click();
    expect(await page.locator('[id$="-error"]').count()).toBeGreaterThan(2);
    await expectNoHorizontalOverflow(page);

    // Held today (the day desk takes donors on the campaign's day only), receiving all day.
    const name = `Ngày hội hiến máu ${unique()}`;
    const id = await createCampaignThroughForm(page, {
      name,
      location: 'Nhà văn hóa Thanh niên, Quận 1',
      date: vnDay(0),
      start: '00:00',
      end: '23:59',
      target: '150',
    });
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining('Đã tạo chiến dịch'));
    await page.getByRole('heading', { level: 2, name: 'Ảnh chiến dịch' }).waitFor();
    await expectNoAxeViolations(page);

    // At once in the public list and on the landing slider.
    const landing = await newPage(browser, PHONE);
    await landing.page.goto('/');
    await poll(() => landing.page.getByText(name).count()).toBeGreaterThan(0);
    await landing.context.close();

    // A donor registers; their appointment shows the check-in QR code and its text.
    const donor = await newVerifiedDonor('qtdone', PEOPLE[nextPerson++]!);
    const appointmentId = await registerByApi(donor.accessToken, id, true);
    const donorSide = await newPage(browser, PHONE);
    const code = await checkInCodeOnAppointmentView(donorSide.page, donor, appointmentId);
    expect(code).not.toContain(donor.person.idNumber);
    expect(code.length).toBeGreaterThanOrEqual(8);
    await expectNoAxeViolations(donorSide.page);

    // The day page: counters, the donor's row with the 'Có' flag, check-in by the typed code.
    await openDay(page, id);
    await poll(() => counter(page, 'Đã đăng ký')).toBe('1');
    expect(await counter(page, 'Đơn vị máu')).toBe('0 / 150');
    const entry = donorEntry(page, donor.person.fullName);
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Có câu trả lời "Có"');
    expect(await entry.innerText()).toContain('0351234567');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Check-in is the desk's first task: first on the page, its code field focused on arrival.
    const codeField = page.getByLabel(CHECK_IN_TEXTS.codeLabel);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe(
      await codeField.getAttribute('id'),
    );
    const top = async (name: string) =>
      (await page.getByRole('heading', { level: 2, name, exact: true }).boundingBox())!.y;
    expect(await top(CHECK_IN_TEXTS.heading)).toBeLessThan(await top('Danh sách người hiến máu'));
    expect(await top('Danh sách người hiến máu')).toBeLessThan(await top('Theo khung giờ'));

    // The success line confirms the person by the birth year and shows the 'Có' flag.
    const who = CHECK_IN_TEXTS.who(donor.person.fullName, birthYear(donor.person));
    const result = page.locator('[data-check-in-result]');
    await codeField.fill(code);
    await page.getByRole('button', { name: CHECK_IN_TEXTS.submit, exact: true }).click();
    await poll(() => result.getByText(CHECK_IN_TEXTS.done(who)).count()).toBe(1);
    await result.getByText(ANSWER_TEXTS.yesFlag).waitFor();
    await poll(() => counter(page, 'Đã check-in')).toBe('1');
    await poll(() => entry.innerText()).toContain('Đã check-in');
    // The field is ready for the next donor; the same code again says when it was done.
    await poll(() => codeField.inputValue()).toBe('');
    const [row] = (await call(ADMIN_DAY_DESK_API.campaignAppointments(id), { token: staff.accessToken })).body
      .data.data;
    await codeField.fill(code);
    await page.getByRole('button', { name: CHECK_IN_TEXTS.submit, exact: true }).click();
    await poll(() => result.getByText(CHECK_IN_TEXTS.already(who, vnClock(row.checkedInAt))).count()).toBe(1);
    expect(await result.innerText()).toMatch(/đã check-in lúc \d{2}:\d{2}/);
    await expectNoHorizontalOverflow(page);

    // Answers on demand, the 'Có' ones first.
    await result.getByRole('button', { name: new RegExp(`^${CHECK_IN_TEXTS.showAnswers}`) }).click();
    const answers = page.getByRole('dialog', { name: ANSWER_TEXTS.dialogTitle });
    const pinned = answers.locator('[data-yes-answers]');
    await poll(() => pinned.innerText()).toContain('Chi tiết: Đã hiến máu năm ngoái');
    expect(await answers.getByRole('heading', { level: 3 }).first().textContent()).toBe(
      ANSWER_TEXTS.yesHeading,
    );
    await expectNoAxeViolations(page);
    await answers.getByRole('button', { name: 'Đóng' }).click();

    // The venue check first (every value inside its limit), then DONE, whole blood, 350 ml.
    await recordCheckThroughForm(page, entry);
    await poll(() => entry.innerText()).toContain('Khám sàng lọc: 55 kg');
    await entry.getByRole('button', { name: /^Ghi kết quả/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ghi kết quả' });
    await dialog.getByRole('button', { name: 'Lưu kết quả' }).click();
    await dialog.getByRole('alert').first().waitFor();
    await dialog.getByLabel('Đã hiến máu').check();
    expect(await dialog.getByLabel('Thể tích (ml)').inputValue()).toBe('350');
    const din = freshDin();
    await dialog.getByLabel('Mã túi máu').fill(din.withCheck);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Lưu kết quả' }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => counter(page, 'Đã hiến')).toBe('1');
    expect(await counter(page, 'Đơn vị máu')).toBe('1 / 150');
    await poll(() => entry.innerText()).toContain('Hoàn thành');
    expect(await entry.innerText()).toContain(din.withCheck);

    // The list for a spreadsheet, named by the campaign and its day: Excel with the phone as
    // text (its leading 0 kept), and CSV with a BOM and Vietnamese headers.
    const [workbook] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Tải Excel: danh sách người hiến máu' }).click(),
    ]);
    expect(workbook.suggestedFilename()).toMatch(/^ngay-hoi-hien-mau-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await downloadedFile(workbook));
    const sheet = book.getWorksheet('Danh sách')!;
    const phone = (sheet.getRow(1).values as unknown[]).indexOf('Số điện thoại');
    expect(sheet.getRow(2).getCell(phone).value).toBe('0351234567');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Tải CSV: danh sách người hiến máu' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync(await downloadedFile(download), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Họ và tên');
    expect(lines[1]).toContain(donor.person.fullName);
    expect(lines[1]).toContain('Hoàn thành');
    for (const header of ['Cân nặng (kg)', 'Huyết áp (mmHg)', 'Huyết sắc tố (g/L)', 'Mã túi máu'])
      expect(lines[0]).toContain(header);
    expect(lines[0]).toContain('Giấy chứng nhận');
    expect(lines[1]).toContain(din.withCheck);
    expect(lines[1]).toContain('120/80');

    // The donor: 'Hoàn thành' in the history, the next eligible date moved, the feedback form.
    const dp = donorSide.page;
    await dp.goto('/trang-ca-nhan#lich-su-hien-mau');
    const item = dp.getByRole('list', { name: 'Lịch hẹn của bạn' }).getByRole('listitem').first();
    await poll(() => item.innerText()).toContain('Hoàn thành');
    const next = dp
      .getByRole('region', { name: 'Tổng quan hiến máu' })
      .locator('div', { has: dp.locator('dt', { hasText: /^Có thể hiến máu lại$/ }) })
      .locator('dd');
    await poll(() => next.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await dp.goto(`/trang-ca-nhan#xem-lich-hen-${appointmentId}`);
    await dp.getByRole('region', { name: 'Gửi phản hồi' }).waitFor();

    // Registering for another campaign within the interval is refused.
    const other = (await call(API.campaigns)).body.data.find((c: { id: number }) => c.id !== id);
    const check = await call(`${API.registrationCheck}?campaignId=${other.id}`, {
      token: donor.accessToken,
    });
    expect(check.body.data.status).toBe('TOO_SOON_SINCE_LAST_DONATION');
    await donorSide.context.close();
    await context.close();
  });

  it('a deferred donor is refused until the date, with the reason', async () => {
    const donor = await newVerifiedDonor('qtdefer', PEOPLE[nextPerson++]!);
    const appointmentId = await registerByApi(donor.accessToken, today);
    const { context, page } = await newPage(browser, OFFICE);
    await startSession(page, staff);
    await openDay(page, today);
    // At the office too: check-in first, its field focused.
    const codeField = page.getByLabel(CHECK_IN_TEXTS.codeLabel);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe(
      await codeField.getAttribute('id'),
    );
    await expectNoAxeViolations(page);
    // The ID number is found by its last 4 digits only together with a word of the name.
    const given = donor.person.fullName.split(' ').at(-1)!;
    await page.getByLabel('Tìm người hiến máu').fill(`${donor.person.idNumber.slice(-4)} ${given}`);
    const entry = donorEntry(page, donor.person.fullName);
    await entry.waitFor();
    await entry.getByRole('button', { name: /^Check-in/ }).click();
    await poll(() => toasts(page)).toContainEqual(
      expect.stringContaining(
        CHECK_IN_TEXTS.done(CHECK_IN_TEXTS.who(donor.person.fullName, birthYear(donor.person))),
      ),
    );
    await poll(() => entry.innerText()).toContain('Đã check-in');
    await entry.getByRole('button', { name: /^Ghi kết quả/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ghi kết quả' });
    await dialog.getByLabel('Tạm hoãn').check();
    await dialog.getByLabel('Lý do tạm hoãn').selectOption({ label: 'Huyết sắc tố thấp' });
    await dialog.getByLabel('Hoãn đến ngày').fill(vnDay(30));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Lưu kết quả' }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => entry.innerText()).toContain('Tạm hoãn');

    // A correction starts from what was recorded: only the date changes here.
    await entry.getByRole('button', { name: /^Sửa kết quả/ }).click();
    const fix = page.getByRole('dialog', { name: 'Sửa kết quả' });
    expect(await fix.getByRole('radio', { name: 'Tạm hoãn' }).isChecked()).toBe(true);
    expect(await fix.getByLabel('Lý do tạm hoãn').inputValue()).toBe('LOW_HEMOGLOBIN');
    expect(await fix.getByLabel('Hoãn đến ngày').inputValue()).toBe(vnDay(30));
    await fix.getByLabel('Hoãn đến ngày').fill(vnDay(60));
    await fix.getByRole('button', { name: 'Lưu kết quả' }).click();
    await fix.waitFor({ state: 'detached' });

    // Another campaign, days ahead: refused until the date.
    const campaigns = (await call(API.campaigns)).body.data as { id: number }[];
    const later = campaigns.find((c) => c.id !== today)!;
    const check = await call(`${API.registrationCheck}?campaignId=${later.id}`, {
      token: donor.accessToken,
    });
    expect(check.body.data.status).toBe('DEFERRED');
    expect(check.body.data.message).toContain('Huyết sắc tố thấp');
    const [y, m, d] = vnDay(60).split('-');
    expect(check.body.data.message).toContain(`${d}/${m}/${y}`);
    expect(appointmentId).toBeGreaterThan(0);
    await context.close();
  });

  it('two desks record one outcome: the second sees who won (409)', async () => {
    const donor = await newVerifiedDonor('qt409', PEOPLE[nextPerson++]!);
    const appointmentId = await registerByApi(donor.accessToken, today);
    const { context, page } = await newPage(browser, DESKTOP);
    await startSession(page, staff);
    await openDay(page, today);
    const entry = donorEntry(page, donor.person.fullName);
    await entry.waitFor();
    await entry.getByRole('button', { name: /^Ghi kết quả/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ghi kết quả' });
    await dialog.getByLabel('Vắng mặt').check();
    // Meanwhile the other desk records the check and DONE.
    await recordCheckByApi(staff.accessToken, appointmentId);
    const other = await call(ADMIN_DAY_DESK_API.appointmentOutcome(appointmentId), {
      token: staff.accessToken,
      body: { result: 'DONE', donationType: 'WHOLE_BLOOD', volumeMl: 350, unitNumber: freshDin().withCheck },
    });
    expect(other.status, other.body?.message).toBe(200);
    await dialog.getByRole('button', { name: 'Lưu kết quả' }).click();
    const conflict = dialog.getByRole('alert').filter({ hasText: 'Người khác vừa ghi kết quả' });
    await conflict.waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await poll(() => entry.innerText()).toContain('Hoàn thành');
    await context.close();
  });

  it('a campaign days ahead says on its day page that check-in waits for its day', async () => {
    const campaigns = (await call(API.campaigns)).body.data as { id: number; organizeTime: string }[];
    const ahead = campaigns.find((c) => c.id !== today && c.organizeTime.slice(0, 10) > vnDay(1))!;
    const [y, m, d] = new Date(Date.parse(ahead.organizeTime) + 7 * 3600_000)
      .toISOString()
      .slice(0, 10)
      .split('-');
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, staff);
    await openDay(page, ahead.id);
    await poll(() => page.getByRole('note').innerText()).toBe(
      DAY_DESK_MESSAGES.notCampaignDay(`${d}/${m}/${y}`),
    );
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('cancelling a campaign notifies and mails its donors', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await openConsole(page, staff);
    const name = `Chiến dịch sẽ hủy ${unique()}`;
    const id = await createCampaignThroughForm(page, {
      name,
      location: 'Trường THPT Lê Quý Đôn',
      date: vnDay(5),
      start: '08:00',
      end: '11:00',
      target: '80',
    });
    const donor = await newVerifiedDonor('qtcancel', PEOPLE[nextPerson++]!);
    await registerByApi(donor.accessToken, id);
    // The cancellation's e-mail is an appointment message: held in the quiet hours (Vietnam's night).
    await quietHoursAwayFromNow(donor.accessToken);

    await page.goto('/quan-tri/chien-dich');
    await page.getByLabel('Tìm chiến dịch').fill(name);
    const card = page.getByRole('listitem').filter({ hasText: name });
    await card.waitFor();
    await card.getByRole('button', { name: /^Hủy chiến dịch/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Hủy chiến dịch' });
    await dialog.getByRole('button', { name: 'Xác nhận hủy chiến dịch' }).click();
    await dialog.getByRole('alert').waitFor();
    await expectNoAxeViolations(page);
    const since = Date.now();
    await dialog.getByLabel('Lý do hủy').fill('Địa điểm không còn sử dụng được do mưa bão');
    await dialog.getByRole('button', { name: 'Xác nhận hủy chiến dịch' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Đã hủy/ }).click();
    await poll(() => page.getByRole('listitem').filter({ hasText: name }).innerText()).toContain(
      'Địa điểm không còn sử dụng được do mưa bão',
    );

    const mail = await waitForMail(donor.email, name, since);
    expect(mail.text).toContain('Địa điểm không còn sử dụng được do mưa bão');
    const notes = await call(`${API.notifications}?page=0&size=10`, { token: donor.accessToken });
    expect(JSON.stringify(notes.body.data)).toContain(name);
    const history = await call(API.appointmentsHistory, { token: donor.accessToken });
    expect(history.body.data.find((a: { campaignId: number }) => a.campaignId === id).status).toBe(
      'CANCELLED',
    );
    await context.close();
  });

  it('check-in with the camera: the QR code of the donor’s appointment', async () => {
    const donor = await newVerifiedDonor('qtcam', PEOPLE[nextPerson++]!);
    const appointmentId = await registerByApi(donor.accessToken, today);
    const donorSide = await newPage(browser, PHONE);
    const code = await checkInCodeOnAppointmentView(donorSide.page, donor, appointmentId);
    await donorSide.context.close();

    const camera = await launchBrowser(fakeCameraArgs(qrCameraVideo(code)));
    try {
      const { page } = await newPage(camera, PHONE);
      await startSession(page, staff);
      await openDay(page, today);
      const scripts = () =>
        page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()!));
      expect((await scripts()).some((s) => /jsQR/i.test(s))).toBe(false);
      await page.getByRole('button', { name: 'Quét mã QR' }).click();
      await poll(() => page.locator('[data-check-in-result]').innerText(), 20_000).toContain(
        CHECK_IN_TEXTS.done(CHECK_IN_TEXTS.who(donor.person.fullName, birthYear(donor.person))),
      );
      expect((await scripts()).some((s) => /jsQR/i.test(s))).toBe(true);
      await page.getByRole('button', { name: 'Tắt camera' }).click();
    } finally {
      await camera.close();
    }
  });
});
