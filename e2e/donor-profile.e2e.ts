import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { renderCardPng } from '../apps/server/test/idcard/render-card.ts';
import { newDonor, openProfile } from './support/accounts.ts';
import { expectNoAxeViolations, launchBrowser, newPage, PHONE } from './support/browser.ts';

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });

const region = (page: Page, name: string) => page.getByRole('region', { name });
const valueOf = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope
    .locator('div', { has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

describe('donor-profile wizard: from NONE to verified', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('reads a synthetic ID card, confirms the contact details and shows the verified profile', async () => {
    // A seed of its own, so that no other browser test verifies this ID number (each run starts
    // on a new database). Fixed, so the card and its reading are the same on every run.
    const [person] = generateIdentities(1, 730_404);
    const card = await renderCardPng(person!);
    const donor = await newDonor('hs');
    const { context, page } = await newPage(browser, PHONE);
    await openProfile(page, donor, '#tao-ho-so-hien-mau');
    // Status NONE: the bottom bar offers to create the donor profile.
    const bottomBar = page.getByRole('navigation', { name: 'Thanh điều hướng dưới' });
    await poll(() => bottomBar.getByRole('link', { name: 'Tạo hồ sơ' }).count()).toBe(1);
    expect(await bottomBar.getByRole('link', { name: 'Tạo hồ sơ' }).getAttribute('href')).toBe(
      '/trang-ca-nhan#tao-ho-so-hien-mau',
    );

    await page.getByLabel('Tôi đã đọc, hiểu và đồng ý với các điều khoản trên.').check();
    await page.getByRole('button', { name: 'Xác nhận và tiếp tục' }).click();
    await page.getByRole('heading', { name: 'Bước 2: Tải ảnh CCCD' }).waitFor();

    const front = region(page, 'Mặt trước CCCD');
    const back = region(page, 'Mặt sau CCCD');
    await front
      .locator('input[type=file]:not([capture])')
      .setInputFiles({ name: 'mat-truoc.png', mimeType: 'image/png', buffer: card.front });
    await poll(() => front.getByRole('status').textContent(), 60_000).toBe('Đã tải lên');
    expect(await back.getByRole('button', { name: /Chọn ảnh/ }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Tiếp tục' }).isDisabled()).toBe(true);
    await back
      .locator('input[type=file]:not([capture])')
      .setInputFiles({ name: 'mat-sau.png', mimeType: 'image/png', buffer: card.back });
    await poll(() => back.getByRole('status').textContent(), 60_000).toBe('Đã tải lên');

    // Removing the back picture disables Next again; uploading it again completes the extract.
    await back.getByRole('button', { name: /Xóa ảnh/ }).click();
    expect(await page.getByRole('button', { name: 'Tiếp tục' }).isDisabled()).toBe(true);
    await back
      .locator('input[type=file]:not([capture])')
      .setInputFiles({ name: 'mat-sau.png', mimeType: 'image/png', buffer: card.back });
    await poll(() => back.getByRole('status').textContent(), 60_000).toBe('Đã tải lên');
    await page.getByRole('button', { name: 'Tiếp tục' }).click();

    await page.getByRole('heading', { name: 'Bước 3: Xác minh thông tin' }).waitFor();
    const extracted = region(page, 'Thông tin trên căn cước');
    await poll(() => valueOf(extracted, 'Số CCCD').textContent()).toBe(person!.idNumber);
    expect(await valueOf(extracted, 'Họ và tên').textContent()).toBe(person!.fullName);
    expect(await valueOf(extracted, 'Ngày sinh').textContent()).toBe(person!.birthDate);
    expect(await valueOf(extracted, 'Giới tính').textContent()).toBe(person!.sex);

    // Mobile and contact address are required at this step.
    await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();
    const confirmContact = region(page, 'Thông tin liên hệ');
    await poll(() => confirmContact.getByRole('alert').allTextContents()).toEqual([
      'Vui lòng điền số điện thoại',
      'Vui lòng điền địa chỉ liên hệ',
    ]);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /^Số điện thoại/ }).click();
    const phone = page.getByRole('dialog', { name: 'Số điện thoại' });
    await phone.getByLabel('Số điện thoại di động').pressSequentially('0351234567');
    await phone.getByRole('button', { name: 'Xác nhận' }).click();
    await phone.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Địa chỉ liên hệ/ }).click();
    const address = page.getByRole('dialog', { name: 'Địa chỉ liên hệ' });
    await address.getByLabel('Tỉnh/Thành phố').selectOption({ label: 'Thành phố Đà Nẵng' });
    await address.getByLabel('Xã/Phường/Đặc khu').selectOption({ index: 1 });
    await address.getByRole('button', { name: 'Xác nhận' }).click();
    await address.waitFor({ state: 'detached' });
    await page.getByLabel('Nhóm máu').selectOption('B+');
    await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();

    await page.getByRole('heading', { name: 'Bước 4: Hoàn tất' }).waitFor();
    const result = await page.getByText(/^(Đã xác thực|Chờ xác thực)$/).textContent();
    // A clean synthetic card is read with confidence on both sides.
    expect(result).toBe('Đã xác thực');
    expect(await page.getByRole('link', { name: 'Đăng ký hiến máu' }).last().getAttribute('href')).toBe(
      '/dang-ky-hien-mau',
    );
    await expectNoAxeViolations(page);

    // The profile now shows the card's data; the create tab is gone.
    await page.getByRole('link', { name: 'Xem thông tin cá nhân' }).click();
    const personal = region(page, 'Thông tin cá nhân');
    await poll(() => valueOf(personal, 'Số CCCD').textContent()).toBe(person!.idNumber);
    expect(await valueOf(personal, 'Họ và tên').textContent()).toBe(person!.fullName);
    expect(await valueOf(personal, 'Trạng thái xác thực').textContent()).toBe('Đã xác thực');
    expect(await page.getByRole('tab', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(0);
    // Verified: the create-profile entry has left the bottom bar.
    await poll(() => bottomBar.getByRole('link', { name: 'Tạo hồ sơ' }).count()).toBe(0);
    expect(await valueOf(region(page, 'Thông tin liên hệ'), 'Số điện thoại').textContent()).toBe(
      '0351234567',
    );
    expect(await valueOf(region(page, 'Thông tin liên hệ'), 'Nhóm máu').textContent()).toBe('B+');
    await context.close();
  });
});
