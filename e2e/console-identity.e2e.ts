import { AUDIT_ACTIONS, IDENTITY_DECISION_TEXTS as D } from '@giot-hong/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  DEMO_ADMIN,
  DEMO_STAFF,
  newPendingDonor,
  openProfile,
  startSession,
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

/** People of their own (a seed no other test uses): nobody else holds these ID numbers. */
const [OWNER, OTHER] = generateIdentities(2, 918_273);
const CORRECTED_NAME = 'Lê Thị Ánh Tuyết';

const pendingDonor = () => newPendingDonor('xacthuc', OWNER!, OTHER!);

describe('staff console: identity review, donor records and the audit trail', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('queue → review (photos, zoom, rotate) → approve with a corrected name; the donor sees the outcome', async () => {
    const donor = await pendingDonor();

    // Staff on a phone: the queue, with why the reading was not trusted.
    await startSession(page, await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password));
    await page.goto('/quan-tri/xac-thuc');
    await page.getByRole('heading', { level: 1, name: 'Duyệt xác thực căn cước' }).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: `Tài khoản: ${donor.username}` });
    await entry.getByText(/^Hai mặt không khớp: /).waitFor();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await entry.getByRole('link', { name: /^Xem và duyệt/ }).click();

    // The review page: both photos beside the fields, zoom and rotate with buttons.
    await poll(() => new URL(page.url()).pathname).toBe(`/quan-tri/xac-thuc/${donor.extractId}`);
    const front = page.getByRole('img', { name: 'Mặt trước căn cước' });
    await front.waitFor();
    await page.getByRole('img', { name: 'Mặt sau căn cước' }).waitFor();
    expect(await front.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Phóng to ảnh mặt trước' }).click();
    await page.getByRole('button', { name: 'Xoay ảnh mặt trước' }).click();
    await page.getByText('150% · 90°').waitFor();
    expect(await front.evaluate((img) => img.style.transform)).toBe('rotate(90deg)');
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);

    const name = page.getByLabel(/^Họ và tên/);
    expect(await name.inputValue()).toBe(OWNER!.fullName);
    await name.fill(CORRECTED_NAME);
    await page.getByRole('button', { name: D.approve }).click();
    // The two sides disagree: the approval is confirmed first.
    const confirm = page.getByRole('dialog', { name: D.approveTitle });
    await confirm.getByRole('button', { name: D.approve }).click();
    await poll(() => new URL(page.url()).pathname).not.toBe(`/quan-tri/xac-thuc/${donor.extractId}`);
    await poll(() => toasts(page)).toContain('Đã duyệt, hồ sơ đã được xác thực');
    await page.goto('/quan-tri/xac-thuc');
    await page.getByRole('heading', { level: 1, name: 'Duyệt xác thực căn cước' }).waitFor();
    await poll(() => page.getByText(`Tài khoản: ${donor.username}`).count()).toBe(0);

    // Donor records: search by username (masked), then the full page.
    await page.goto('/quan-tri/nguoi-hien-mau');
    await page.getByLabel('Tìm người hiến máu').fill(donor.username);
    const found = page.getByRole('link', { name: CORRECTED_NAME });
    await found.waitFor();
    // The search waits for typing to pause: until then the list holds other donors too.
    await poll(() => page.getByText(/CCCD \*{8}\d{4}/).count()).toBe(1);
    // The searched list at 360 px passes axe in console-search (support/axe-states.md).
    await expectNoHorizontalOverflow(page);
    await found.click();
    await page.getByRole('heading', { level: 1, name: CORRECTED_NAME }).waitFor();
    await page.getByText(OWNER!.idNumber, { exact: true }).waitFor();
    // The donor asked for no deletion of the account (data rights): the record says so.
    const deletion = page.locator('dt', { hasText: 'Yêu cầu xóa tài khoản' }).locator('xpath=../dd');
    await poll(() => deletion.textContent()).toBe('Không có');
    await page.getByLabel(/^Nhóm máu theo kết quả xét nghiệm/).selectOption('B+');
    await page.getByRole('button', { name: 'Lưu nhóm máu' }).click();
    await poll(() => toasts(page)).toContain('Đã lưu nhóm máu xét nghiệm');
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);

    // ADMIN: the audit page shows the review, newest first.
    await startSession(page, await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password));
    await page.goto('/quan-tri/nhat-ky');
    await page.getByRole('heading', { level: 1, name: 'Nhật ký thao tác' }).waitFor();
    await page
      .getByLabel('Hành động')
      .selectOption({ label: AUDIT_ACTIONS['identity.approve.corrected'].label });
    await page.getByRole('button', { name: 'Lọc', exact: true }).click();
    await page
      .getByRole('region', { name: 'Các thao tác' })
      .getByText(AUDIT_ACTIONS['identity.approve.corrected'].label, { exact: true })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);

    // The donor: verified under the corrected name, told so, the laboratory group marked.
    await openProfile(page, donor);
    await page.getByText('Cán bộ đã duyệt thông tin căn cước của bạn').waitFor();
    await page.getByText(CORRECTED_NAME, { exact: true }).first().waitFor();
    await page.getByText('B+ (đã xác định)').waitFor();
  });
});
