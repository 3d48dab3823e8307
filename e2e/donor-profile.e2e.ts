import { API } from '@giot-hong/contract';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { renderCardPng } from '../apps/server/test/idcard/render-card.ts';
import { call, newDonor, openProfile } from './support/accounts.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
} from './support/browser.ts';

/** Instant scrolling: clicks below the fold do not wait for a smooth scroll (see newPage). */
const FEWER_ANIMATIONS = { reducedMotion: 'reduce' } as const;

const region = (page: Page, name: string) => page.getByRole('region', { name });
const valueOf = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope
    .locator('div', { has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** Chooses a picture for one side of the card (the gallery input, not the camera one). */
const choose = (side: Locator, name: string, buffer: Buffer) =>
  side.locator('input[type=file]:not([capture])').setInputFiles({ name, mimeType: 'image/png', buffer });
/** The side's polite status line ('Đang xử lý ảnh...', 'Đã tải lên' or nothing). */
const statusOf = (side: Locator) => side.getByRole('status').textContent();
/** Waits until the server has read the side. */
const uploaded = (side: Locator) => poll(() => statusOf(side), 60_000).toBe('Đã tải lên');
/** The id of the focused element. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
/** The texts of the links marked as the current page. */
const currentLinks = (scope: Locator) => scope.locator('a[aria-current="page"]').allTextContents();

describe('donor-profile wizard', () => {
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
    const { context, page } = await newPage(browser, PHONE, FEWER_ANIMATIONS);
    await openProfile(page, donor, '#tao-ho-so-hien-mau');
    // Status NONE: the bottom bar offers to create the donor profile, and marks only it as current
    // (its three links are all on /trang-ca-nhan; the hash tells them apart).
    const bottomBar = page.getByRole('navigation', { name: 'Thanh điều hướng dưới' });
    await poll(() => bottomBar.getByRole('link', { name: 'Tạo hồ sơ' }).count()).toBe(1);
    expect(await bottomBar.getByRole('link', { name: 'Tạo hồ sơ' }).getAttribute('href')).toBe(
      '/trang-ca-nhan#tao-ho-so-hien-mau',
    );
    expect(await currentLinks(bottomBar)).toEqual(['Tạo hồ sơ']);
    // So does the drawer.
    await page.getByRole('button', { name: 'Mở menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).waitFor();
    expect(await currentLinks(drawer)).toEqual(['Tạo hồ sơ hiến máu']);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.getByLabel('Tôi đã đọc, hiểu và đồng ý với các điều khoản trên.').check();
    await page.getByRole('button', { name: 'Xác nhận và tiếp tục' }).click();
    await page.getByRole('heading', { name: 'Bước 2: Tải ảnh CCCD' }).waitFor();

    const front = region(page, 'Mặt trước CCCD');
    const back = region(page, 'Mặt sau CCCD');
    const next = page.getByRole('button', { name: 'Tiếp tục' });
    const previews = () => page.getByRole('img', { name: /^Ảnh mặt (trước|sau) CCCD đã chọn$/ }).count();

    // While the server reads a side (≥ 0.3 s), its status line, a polite live region, says so and
    // the step's buttons wait. The state is set as the picture is chosen, before the request leaves.
    await choose(front, 'mat-truoc.png', card.front);
    expect(await statusOf(front)).toBe('Đang xử lý ảnh...');
    expect(await front.getByRole('progressbar', { name: 'Tiến độ tải mặt trước CCCD' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Quay lại' }).isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await uploaded(front);

    expect(await back.getByRole('button', { name: /Chọn ảnh/ }).isDisabled()).toBe(false);
    expect(await next.isDisabled()).toBe(true);
    await choose(back, 'mat-sau.png', card.back);
    await uploaded(back);
    expect(await next.isDisabled()).toBe(false);

    // Removing the back picture disables Next again; uploading it again completes the extract.
    await back.getByRole('button', { name: /Xóa ảnh/ }).click();
    expect(await next.isDisabled()).toBe(true);
    await choose(back, 'mat-sau.png', card.back);
    await uploaded(back);

    // Removing the front clears the back too (it belongs to the front's extract) and locks it again.
    await front.getByRole('button', { name: /Xóa ảnh/ }).click();
    await poll(previews).toBe(0);
    expect(await statusOf(back)).toBe('');
    expect(await back.getByText('Vui lòng tải lên mặt trước trước').count()).toBe(1);
    expect(await back.getByRole('button', { name: /Chọn ảnh/ }).isDisabled()).toBe(true);
    expect(await back.getByRole('button', { name: /Xóa ảnh/ }).count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);
    await choose(front, 'mat-truoc.png', card.front);
    await uploaded(front);
    await choose(back, 'mat-sau.png', card.back);
    await uploaded(back);
    await next.click();

    await page.getByRole('heading', { name: 'Bước 3: Xác minh thông tin' }).waitFor();
    const extracted = region(page, 'Thông tin trên căn cước');
    await poll(() => valueOf(extracted, 'Số CCCD').textContent()).toBe(person!.idNumber);
    expect(await valueOf(extracted, 'Họ và tên').textContent()).toBe(person!.fullName);
    expect(await valueOf(extracted, 'Ngày sinh').textContent()).toBe(person!.birthDate);
    expect(await valueOf(extracted, 'Giới tính').textContent()).toBe(person!.sex);

    // Back from step 3 keeps both pictures.
    await page.getByRole('button', { name: 'Quay lại' }).click();
    await page.getByRole('heading', { name: 'Bước 2: Tải ảnh CCCD' }).waitFor();
    expect([await statusOf(front), await statusOf(back)]).toEqual(['Đã tải lên', 'Đã tải lên']);
    expect(await previews()).toBe(2);
    await next.click();
    await page.getByRole('heading', { name: 'Bước 3: Xác minh thông tin' }).waitFor();
    await poll(() => valueOf(extracted, 'Số CCCD').textContent()).toBe(person!.idNumber);

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
    expect(await valueOf(region(page, 'Thông tin liên hệ'), 'Số điện thoại').textContent()).toBe(
      '0351234567',
    );
    expect(await valueOf(region(page, 'Thông tin liên hệ'), 'Nhóm máu').textContent()).toBe('B+');

    // Verified: the create-profile entry has left the bottom bar, the drawer and the desktop header.
    await poll(() => bottomBar.getByRole('link', { name: 'Tạo hồ sơ' }).count()).toBe(0);
    expect(await currentLinks(bottomBar)).toEqual(['Cá nhân']);
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await drawer.getByRole('link', { name: 'Thông tin cá nhân' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(0);
    expect(await currentLinks(drawer)).toEqual(['Thông tin cá nhân']);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Lịch sử hiến máu' }).waitFor();
    expect(await header.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(0);

    // Asking for the create tab by its hash (a fresh load) shows the personal information instead.
    await page.goto('/trang-ca-nhan#tao-ho-so-hien-mau');
    await page.getByRole('tab', { name: 'Thông tin cá nhân', selected: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: /^Bước 1/ }).count()).toBe(0);
    await poll(() => valueOf(personal, 'Trạng thái xác thực').textContent()).toBe('Đã xác thực');
    expect(await header.getByRole('link', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(0);
    await context.close();
  });

  it('ends in Chờ xác thực for sides of two cards; checks phone and count; dialogs by keyboard; fits 360 px', async () => {
    // Two people of a seed of their own: the front of one card, the back of the other.
    const [one, other] = generateIdentities(2, 730_505);
    const [cardOne, cardOther] = await Promise.all([renderCardPng(one!), renderCardPng(other!)]);
    const donor = await newDonor('hp');
    // A saved detail whose mobile the profile takes (11 digits) but the confirm step does not.
    const saved = await call(API.userUpdateDetail, {
      method: 'PUT',
      token: donor.accessToken,
      body: { mobile: '09123456789', address_contact: 'Phường Hoàn Kiếm, Thành phố Hà Nội' },
    });
    expect(saved.status, saved.body?.message).toBe(200);

    const { context, page } = await newPage(browser, PHONE, FEWER_ANIMATIONS);
    await openProfile(page, donor, '#tao-ho-so-hien-mau');
    await page.getByRole('heading', { name: 'Bước 1: Điều khoản' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.getByLabel('Tôi đã đọc, hiểu và đồng ý với các điều khoản trên.').check();
    await page.getByRole('button', { name: 'Xác nhận và tiếp tục' }).click();

    await page.getByRole('heading', { name: 'Bước 2: Tải ảnh CCCD' }).waitFor();
    await expectNoHorizontalOverflow(page);
    const front = region(page, 'Mặt trước CCCD');
    const back = region(page, 'Mặt sau CCCD');
    await choose(front, 'mat-truoc.png', cardOne.front);
    await uploaded(front);
    await choose(back, 'mat-sau.png', cardOther.back);
    await uploaded(back);
    await expectNoHorizontalOverflow(page);
    // The saved detail cannot be read: an error view to retry, no blank form that would overwrite it.
    const failDetail = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"success":false,"message":"x","data":null,"code":"INTERNAL"}',
      });
    await page.route(`**${API.userDetail}`, failDetail);
    await page.getByRole('button', { name: 'Tiếp tục' }).click();
    await page
      .getByRole('alert')
      .getByText('Không thể tải thông tin người dùng')
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Xác nhận', exact: true }).count()).toBe(0);
    await page.unroute(`**${API.userDetail}`, failDetail);
    // The confirm form loads the organizations: the picker below opens on a loaded list.
    const organizationsLoaded = page.waitForResponse((r) => r.url().endsWith(API.organizationsOther));
    await page.getByRole('button', { name: 'Thử lại' }).click();

    await page.getByRole('heading', { name: 'Bước 3: Xác minh thông tin' }).waitFor();
    await page
      .getByText(
        'Một số thông tin đọc được từ hai mặt căn cước chưa khớp nhau. Sau khi bạn xác nhận, cán bộ sẽ kiểm tra lại hồ sơ.',
      )
      .waitFor();
    await organizationsLoaded;
    await expectNoHorizontalOverflow(page);

    // The confirm step refuses the saved 11-digit mobile and a donation count above 100.
    const confirmContact = region(page, 'Thông tin liên hệ');
    const count = page.getByLabel('Số lần đã hiến máu');
    await count.fill('101');
    await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();
    await poll(() => confirmContact.getByRole('alert').allTextContents()).toEqual([
      'Số điện thoại không hợp lệ',
      'Số lần hiến máu không hợp lệ',
    ]);

    // Phone dialog by keyboard: Enter opens it on its field, Enter confirms, focus comes back.
    const phoneButton = page.getByRole('button', { name: /^Số điện thoại/ });
    await phoneButton.focus();
    await page.keyboard.press('Enter');
    const phone = page.getByRole('dialog', { name: 'Số điện thoại' });
    await poll(() => focusedId(page)).toBe('phone-dialog-mobile');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0351234567');
    await page.keyboard.press('Enter');
    await phone.waitFor({ state: 'detached' });
    await poll(() => focusedId(page)).toBe('confirm-mobile');
    expect(await phoneButton.textContent()).toContain('0351234567');

    // Job picker: Enter in its search box only searches; Escape closes it, focus comes back.
    const jobButton = page.getByRole('button', { name: /^Nghề nghiệp/ });
    await jobButton.focus();
    await page.keyboard.press('Space');
    const job = page.getByRole('dialog', { name: 'Nghề nghiệp' });
    await poll(() => focusedId(page)).toBe('job-search');
    await page.keyboard.type('ky su');
    await page.keyboard.press('Enter');
    await job.getByRole('radio', { name: 'Kỹ sư' }).waitFor();
    expect(await job.getByRole('alert').count()).toBe(0);
    expect(await job.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await job.waitFor({ state: 'detached' });
    await poll(() => focusedId(page)).toBe('confirm-job');
    expect(await jobButton.textContent()).toContain('Chưa cập nhật');

    // Organization picker by keyboard: arrows move and choose, Tab reaches 'Xác nhận', Enter confirms.
    const orgButton = page.getByRole('button', { name: /^Tổ chức/ });
    await orgButton.focus();
    await page.keyboard.press('Enter');
    const org = page.getByRole('dialog', { name: 'Tổ chức' });
    await poll(() => focusedId(page)).toBe('organization-0');
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    expect(await focusedId(page)).toBe('organization-1');
    const chosen = await org.locator('label', { has: page.locator('input:checked') }).textContent();
    expect(chosen).not.toBe('Tự do');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Xác nhận');
    await page.keyboard.press('Enter');
    await org.waitFor({ state: 'detached' });
    await poll(() => focusedId(page)).toBe('confirm-organization');
    expect(await orgButton.textContent()).toContain(chosen);

    await count.fill('2');
    await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();
    await page.getByRole('heading', { name: 'Bước 4: Hoàn tất' }).waitFor();
    expect(await page.getByText(/^(Đã xác thực|Chờ xác thực)$/).textContent()).toBe('Chờ xác thực');
    await expectNoHorizontalOverflow(page);

    await page.getByRole('link', { name: 'Xem thông tin cá nhân' }).click();
    const personal = region(page, 'Thông tin cá nhân');
    await poll(() => valueOf(personal, 'Trạng thái xác thực').textContent()).toBe('Chờ xác thực');
    expect(await page.getByRole('tab', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(0);
    const contact = region(page, 'Thông tin liên hệ');
    expect(await valueOf(contact, 'Số điện thoại').textContent()).toBe('0351234567');
    expect(await valueOf(contact, 'Tổ chức').textContent()).toBe(chosen);
    expect(await valueOf(contact, 'Số lần đã hiến máu').textContent()).toBe('2');
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});
