import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { renderCardPng } from '../apps/server/test/idcard/render-card.ts';
import { baseURL, expectNoAxeViolations, launchBrowser, newPage, PHONE, unique, waitForMail } from './support/browser.ts';

const PASSWORD = 'HienMau@Test26';
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });

async function postJson(path: string, body: unknown) {
  const res = await fetch(`${baseURL()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

async function newDonor() {
  const id = unique();
  const username = `hs${id}`;
  const email = `hs${id}@example.com`;
  const since = Date.now();
  expect((await postJson('/auth/register', { email, username, password: PASSWORD })).status).toBeLessThan(300);
  const mail = await waitForMail(email, 'Xác thực tài khoản', since);
  await fetch(/https?:\/\/\S+/.exec(mail.text)![0], { redirect: 'manual' });
  const login = await postJson('/auth/login', { username, password: PASSWORD });
  return { username, accessToken: login.body.accessToken as string, refreshToken: login.body.refreshToken as string };
}

async function openProfile(page: Page, donor: { accessToken: string; refreshToken: string }, hash: string) {
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('access_token', t.accessToken);
    localStorage.setItem('refresh_token', t.refreshToken);
  }, donor);
  await page.goto(`/trang-ca-nhan${hash}`);
  await page.getByRole('heading', { level: 1, name: 'Trang cá nhân' }).waitFor();
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
const valueOf = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.locator('div', { has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

describe('donor-profile wizard: from NONE to verified', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('reads a synthetic ID card, confirms the contact details and shows the verified profile', async () => {
    // A seed of its own, so that no other test has verified this ID number already.
    const [person] = generateIdentities(1, Math.floor(Math.random() * 1e9));
    const card = await renderCardPng(person!);
    const donor = await newDonor();
    const { context, page } = await newPage(browser, PHONE);
    await openProfile(page, donor, '#tao-ho-so-hien-mau');

    await page.getByLabel('Tôi đã đọc, hiểu và đồng ý với các điều khoản trên.').check();
    await page.getByRole('button', { name: 'Xác nhận và tiếp tục' }).click();
    await page.getByRole('heading', { name: 'Bước 2: Tải ảnh CCCD' }).waitFor();

    const front = region(page, 'Mặt trước CCCD');
    const back = region(page, 'Mặt sau CCCD');
    await front.locator('input[type=file]:not([capture])').setInputFiles({ name: 'mat-truoc.png', mimeType: 'image/png', buffer: card.front });
    await poll(() => front.getByRole('status').textContent(), 60_000).toBe('Đã tải lên');
    expect(await back.getByRole('button', { name: /Chọn ảnh/ }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Tiếp tục' }).isDisabled()).toBe(true);
    await back.locator('input[type=file]:not([capture])').setInputFiles({ name: 'mat-sau.png', mimeType: 'image/png', buffer: card.back });
    await poll(() => back.getByRole('status').textContent(), 60_000).toBe('Đã tải lên');

    // Removing the back picture disables Next again; uploading it again completes the extract.
    await back.getByRole('button', { name: /Xóa ảnh/ }).click();
    expect(await page.getByRole('button', { name: 'Tiếp tục' }).isDisabled()).toBe(true);
    await back.locator('input[type=file]:not([capture])').setInputFiles({ name: 'mat-sau.png', mimeType: 'image/png', buffer: card.back });
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
    await poll(() => confirmContact.getByRole('alert').allTextContents()).toEqual(['Vui lòng điền số điện thoại', 'Vui lòng điền địa chỉ liên hệ']);
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
    expect(await page.getByRole('link', { name: 'Đăng ký hiến máu' }).last().getAttribute('href')).toBe('/dang-ky-hien-mau');
    await expectNoAxeViolations(page);

    // The profile now shows the card's data; the create tab is gone.
    await page.getByRole('link', { name: 'Xem thông tin cá nhân' }).click();
    const personal = region(page, 'Thông tin cá nhân');
    await poll(() => valueOf(personal, 'Số CCCD').textContent()).toBe(person!.idNumber);
    expect(await valueOf(personal, 'Họ và tên').textContent()).toBe(person!.fullName);
    expect(await valueOf(personal, 'Trạng thái xác thực').textContent()).toBe('Đã xác thực');
    expect(await page.getByRole('tab', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(0);
    expect(await valueOf(region(page, 'Thông tin liên hệ'), 'Số điện thoại').textContent()).toBe('0351234567');
    expect(await valueOf(region(page, 'Thông tin liên hệ'), 'Nhóm máu').textContent()).toBe('B+');
    await context.close();
  });
});
