import { API } from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDonor, openProfile } from './support/accounts.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  waitForHydration,
} from './support/browser.ts';

const contact = (page: Page) => page.getByRole('region', { name: 'Thông tin liên hệ' });
/** The value shown next to a label in a read-only list. */
const shown = (page: Page, label: string) =>
  contact(page)
    .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const alerts = (scope: ReturnType<Page['getByRole']>) => scope.getByRole('alert').allTextContents();

describe('profile: personal information and contact editing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('asks for a login first', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/trang-ca-nhan#thong-tin-ca-nhan');
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/trang-ca-nhan#thong-tin-ca-nhan');
    await context.close();
  });

  it('edits the contact block at 360 px: dialogs validate, cancel resets, save persists', async () => {
    const donor = await newDonor('hm');
    const { context, page } = await newPage(browser, PHONE);
    await openProfile(page, donor);

    // A new account has no donor profile: invitation and the create tab.
    await page.getByRole('tab', { name: 'Thông tin cá nhân', selected: true }).waitFor();
    await page.getByText('Bạn chưa có hồ sơ hiến máu.').waitFor();
    // The tab appears once the verification status (a request of its own) has arrived.
    await poll(() => page.getByRole('tab', { name: 'Tạo hồ sơ hiến máu' }).count()).toBe(1);
    // All five tabs (with 'Hồ sơ hiến máu') fit at 360 px: inside the viewport, labels not cut,
    // nothing scrolls sideways.
    const tabs = await page.getByRole('tab').all();
    expect(await Promise.all(tabs.map((t) => t.textContent()))).toEqual([
      'Thông tin cá nhân',
      'Lịch sử hiến máu',
      'Hồ sơ hiến máu',
      'Quyền riêng tư',
      'Tạo hồ sơ hiến máu',
    ]);
    for (const tab of tabs) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect(await page.getByRole('tablist').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoHorizontalOverflow(page);
    await poll(() => shown(page, 'Số điện thoại').textContent()).toBe('Chưa cập nhật');
    expect(await shown(page, 'Email').textContent()).toBe(donor.email);
    expect(await shown(page, 'Nhóm máu').textContent()).toBe('-');
    expect(await shown(page, 'Số lần đã hiến máu').textContent()).toBe('0');
    // Initials of the username when there is no picture and no name from the card.
    expect(await page.getByRole('img', { name: `Ảnh đại diện của ${donor.username}` }).textContent()).toBe(
      'H',
    );
    await expectNoAxeViolations(page);

    await contact(page).getByRole('button', { name: 'Chỉnh sửa thông tin' }).click();

    // Phone dialog: digits only, at most 10, Vietnamese mobile prefixes.
    await page.getByRole('button', { name: /^Số điện thoại/ }).click();
    const phone = dialog(page, 'Số điện thoại');
    const phoneInput = phone.getByLabel('Số điện thoại di động');
    expect(await phoneInput.getAttribute('aria-required')).toBe('true');
    await phoneInput.pressSequentially('ab02-1234 5678999');
    expect(await phoneInput.inputValue()).toBe('0212345678');
    await phone.getByRole('button', { name: 'Xác nhận' }).click();
    await poll(() => alerts(phone)).toEqual([
      'Số điện thoại không hợp lệ. Vui lòng nhập số điện thoại Việt Nam (10 chữ số)',
    ]);
    await expectNoAxeViolations(page);
    await phoneInput.fill('');
    await phoneInput.pressSequentially('0912345678');
    await phone.getByRole('button', { name: 'Xác nhận' }).click();
    await phone.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Số điện thoại/ }).textContent()).toContain('0912345678');

    // E-mail dialog.
    await page.getByRole('button', { name: /^Email/ }).click();
    const mail = dialog(page, 'Email');
    await mail.getByLabel('Địa chỉ email').fill('khong-phai-email');
    await mail.getByRole('button', { name: 'Xác nhận' }).click();
    await poll(() => alerts(mail)).toEqual(['Email không hợp lệ. Vui lòng nhập đúng định dạng email']);
    await mail.getByLabel('Địa chỉ email').fill(`lienhe.${donor.email}`);
    await mail.getByRole('button', { name: 'Xác nhận' }).click();
    await mail.waitFor({ state: 'detached' });

    // Address picker: province, then ward; street optional.
    await page.getByRole('button', { name: /^Địa chỉ liên hệ/ }).click();
    const address = dialog(page, 'Địa chỉ liên hệ');
    await address.getByRole('button', { name: 'Xác nhận' }).click();
    await poll(() => alerts(address)).toEqual([
      'Vui lòng chọn tỉnh/thành phố',
      'Vui lòng chọn xã/phường/đặc khu',
    ]);
    await address.getByLabel('Tỉnh/Thành phố').selectOption({ label: 'Thành phố Hà Nội' });
    await address.getByLabel('Xã/Phường/Đặc khu').selectOption({ label: 'Phường Hoàn Kiếm' });
    await address.getByLabel('Số nhà, tên đường (không bắt buộc)').fill('12 Hàng Bài');
    await poll(() => address.getByText('Địa chỉ:').locator('..').textContent()).toBe(
      'Địa chỉ: 12 Hàng Bài, Phường Hoàn Kiếm, Thành phố Hà Nội',
    );
    await address.getByRole('button', { name: 'Xác nhận' }).click();
    await address.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Địa chỉ liên hệ/ }).textContent()).toContain(
      '12 Hàng Bài, Phường Hoàn Kiếm, Thành phố Hà Nội',
    );

    // Job picker filtered by text; the extra id follows the job.
    await page.getByRole('button', { name: /^Nghề nghiệp/ }).click();
    const job = dialog(page, 'Nghề nghiệp');
    await job.getByRole('button', { name: 'Xác nhận' }).click();
    await poll(() => alerts(job)).toEqual(['Vui lòng chọn nghề nghiệp']);
    await job.getByLabel('Tìm nghề nghiệp').fill('sinh vien');
    await poll(() => job.getByRole('radio').count()).toBe(1);
    // A job's name has spaces: its radio's id must not (the label is tied to it by that id).
    expect(await job.getByRole('radio', { name: 'Sinh viên' }).getAttribute('id')).toMatch(/^[\w-]+$/);
    await job.getByRole('radio', { name: 'Sinh viên' }).check();
    await job.getByRole('button', { name: 'Xác nhận' }).click();
    await job.waitFor({ state: 'detached' });
    await page.getByLabel('Mã số sinh viên').fill('SV2026001');
    expect(await page.getByLabel('Mã số quân nhân').count()).toBe(0);
    await page.getByRole('button', { name: /^Nghề nghiệp/ }).click();
    await job.getByLabel('Tìm nghề nghiệp').fill('CÔNG AN');
    await job.getByRole('radio', { name: 'Công an' }).check();
    await job.getByRole('button', { name: 'Xác nhận' }).click();
    await job.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Mã số sinh viên').count()).toBe(0);
    await page.getByLabel('Mã số quân nhân').fill('QN-778899');

    // Organization picker: 'Tự do' first; confirming needs a selection.
    await page.getByRole('button', { name: /^Tổ chức/ }).click();
    const org = dialog(page, 'Tổ chức');
    await org.getByRole('button', { name: 'Xác nhận' }).click();
    await poll(() => alerts(org)).toEqual(['Vui lòng chọn tổ chức']);
    expect(await org.locator('label').first().textContent()).toBe('Tự do');
    expect(await org.getByRole('radiogroup', { name: 'Tổ chức' }).getAttribute('aria-required')).toBe('true');
    await org.getByRole('radio', { name: 'Tự do' }).check();
    await org.getByRole('button', { name: 'Xác nhận' }).click();
    await org.waitFor({ state: 'detached' });

    await page.getByLabel('Nhóm máu').selectOption('O+');
    await page.getByLabel('Số lần đã hiến máu').fill('101');
    await expectNoAxeViolations(page);

    // Cancel throws the edits away.
    await page.getByRole('button', { name: 'Hủy' }).click();
    await contact(page).getByRole('button', { name: 'Chỉnh sửa thông tin' }).waitFor();
    expect(await shown(page, 'Số điện thoại').textContent()).toBe('Chưa cập nhật');
    expect(await shown(page, 'Nhóm máu').textContent()).toBe('-');
    await contact(page).getByRole('button', { name: 'Chỉnh sửa thông tin' }).click();
    expect(await page.getByRole('button', { name: /^Số điện thoại/ }).textContent()).toContain(
      'Chưa cập nhật',
    );
    expect(await page.getByLabel('Số lần đã hiến máu').inputValue()).toBe('0');

    // Save: the count is checked (0–100), then the server stores everything.
    await page.getByRole('button', { name: /^Số điện thoại/ }).click();
    await phoneInput.pressSequentially('0987654321');
    await phone.getByRole('button', { name: 'Xác nhận' }).click();
    await phone.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Địa chỉ liên hệ/ }).click();
    await address.getByLabel('Tỉnh/Thành phố').selectOption({ label: 'Thành phố Hồ Chí Minh' });
    await address.getByLabel('Xã/Phường/Đặc khu').selectOption({ label: 'Phường Sài Gòn' });
    await address.getByRole('button', { name: 'Xác nhận' }).click();
    await address.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Nghề nghiệp/ }).click();
    await job.getByLabel('Tìm nghề nghiệp').fill('sinh');
    await job.getByRole('radio', { name: 'Sinh viên' }).check();
    await job.getByRole('button', { name: 'Xác nhận' }).click();
    await job.waitFor({ state: 'detached' });
    await page.getByLabel('Mã số sinh viên').fill('SV2026001');
    await page.getByLabel('Nhóm máu').selectOption('AB-');
    await page.getByLabel('Số lần đã hiến máu').fill('101');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => contact(page).getByRole('alert').allTextContents()).toEqual([
      'Số lần hiến máu không hợp lệ',
    ]);
    await page.getByLabel('Số lần đã hiến máu').fill('3');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();

    await page.getByText('Cập nhật thành công', { exact: true }).waitFor();
    await page.getByText('Thông tin đã được cập nhật thành công').waitFor();
    await poll(() => shown(page, 'Số điện thoại').textContent()).toBe('0987654321');
    expect(await shown(page, 'Địa chỉ liên hệ').textContent()).toBe('Phường Sài Gòn, Thành phố Hồ Chí Minh');
    expect(await shown(page, 'Nghề nghiệp').textContent()).toBe('Sinh viên');
    expect(await shown(page, 'Mã số sinh viên').textContent()).toBe('SV2026001');
    expect(await shown(page, 'Nhóm máu').textContent()).toBe('AB-');
    expect(await shown(page, 'Số lần đã hiến máu').textContent()).toBe('3');
    expect(await shown(page, 'Tổ chức').textContent()).toBe('Tự do');

    // Stored on the server, not only in the page.
    await page.reload();
    await poll(() => shown(page, 'Số điện thoại').textContent()).toBe('0987654321');
    expect(await shown(page, 'Nhóm máu').textContent()).toBe('AB-');
    await context.close();
  });

  it('shows the error view when the profile cannot load, and keeps the edits when saving fails', async () => {
    const donor = await newDonor('hm');
    const { context, page } = await newPage(browser, PHONE);
    const serverError = { status: 503, contentType: 'application/json', body: '{"success":false}' };
    await page.route(`**${API.userFullInfo}`, (route) => route.fulfill(serverError));
    await openProfile(page, donor);
    await poll(() =>
      page.getByRole('alert').filter({ hasText: 'Không thể tải thông tin người dùng' }).count(),
    ).toBe(1);
    await expectNoAxeViolations(page);
    await page.unroute(`**${API.userFullInfo}`);
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await poll(() => shown(page, 'Email').textContent()).toBe(donor.email);

    // The organizations and the jobs cannot be loaded: the edit form says so at their fields.
    await page.route(`**${API.organizationsOther}`, (route) => route.fulfill(serverError));
    await page.route(`**${API.jobs}`, (route) => route.fulfill(serverError));
    await contact(page).getByRole('button', { name: 'Chỉnh sửa thông tin' }).click();
    const form = page.getByRole('form', { name: 'Chỉnh sửa thông tin liên hệ' });
    await poll(() => alerts(form)).toEqual([
      'Không thể tải danh sách tổ chức',
      'Không thể tải danh sách nghề nghiệp',
    ]);
    expect(await page.locator('#contact-organization-error').textContent()).toBe(
      'Không thể tải danh sách tổ chức',
    );
    expect(await page.locator('#contact-job-error').textContent()).toBe(
      'Không thể tải danh sách nghề nghiệp',
    );
    await page.unroute(`**${API.organizationsOther}`);
    await page.unroute(`**${API.jobs}`);
    // Opening the picker loads the list again; once loaded, the form's message goes away.
    await page.getByRole('button', { name: /^Tổ chức/ }).click();
    await dialog(page, 'Tổ chức').getByRole('radio', { name: 'Tự do' }).waitFor();
    await dialog(page, 'Tổ chức').getByRole('button', { name: 'Hủy' }).click();
    await poll(() => alerts(form)).toEqual(['Không thể tải danh sách nghề nghiệp']);

    // A failed save says so and leaves the form open with what was typed.
    await page.getByLabel('Nhóm máu').selectOption('O+');
    await page.route(`**${API.userUpdateDetail}`, (route) => route.fulfill(serverError));
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await page.getByText('Không thể cập nhật thông tin cá nhân.', { exact: true }).waitFor();
    await page.getByText('Không thể cập nhật thông tin. Vui lòng thử lại sau.', { exact: true }).waitFor();
    expect(await page.getByLabel('Nhóm máu').inputValue()).toBe('O+');
    await page.unroute(`**${API.userUpdateDetail}`);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await page.getByText('Cập nhật thành công', { exact: true }).waitFor();
    await poll(() => shown(page, 'Nhóm máu').textContent()).toBe('O+');
    await context.close();
  });

  it("shows 'Đã có lỗi xảy ra' instead of a blank page when a page cannot be shown", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/');
    await waitForHydration(page);
    // The FAQ page's code cannot be loaded (offline, or a new release removed the old chunk).
    await page.route('**/assets/faq-route-*.js', (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Menu chính' })
      .getByRole('link', { name: 'Câu hỏi thường gặp' })
      .click();
    const failure = page.getByRole('alert').filter({ hasText: 'Đã có lỗi xảy ra' });
    await failure.getByRole('heading', { level: 1, name: 'Đã có lỗi xảy ra' }).waitFor();
    // The header stays usable, and going to another page shows that page.
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Tin tức' }).click();
    await page.waitForURL((u) => u.pathname === '/tin-tuc');
    await poll(() => failure.count()).toBe(0);
    // 'Quay lại' goes back in the history.
    await page.goBack();
    await failure.waitFor();
    await failure.getByRole('button', { name: 'Quay lại' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await poll(() => failure.count()).toBe(0);
    await context.close();
  });

  it('tabs follow the URL hash', async () => {
    const donor = await newDonor('hm');
    const { context, page } = await newPage(browser, DESKTOP);
    await openProfile(page, donor, '#lich-su-hien-mau');
    await page.getByRole('tab', { name: 'Lịch sử hiến máu', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Thông tin cá nhân' }).click();
    await page.waitForURL((u) => u.hash === '#thong-tin-ca-nhan');
    await page.getByRole('tab', { name: 'Thông tin cá nhân', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Tạo hồ sơ hiến máu' }).click();
    await page.waitForURL((u) => u.hash === '#tao-ho-so-hien-mau');
    await page.getByRole('heading', { name: 'Bước 1: Điều khoản' }).waitFor();
    // An unknown hash shows the personal information.
    await page.goto('/trang-ca-nhan#khong-co-tab-nay');
    await page.getByRole('tab', { name: 'Thông tin cá nhân', selected: true }).waitFor();
    // So does a hash that is not valid percent-encoding (decoding it throws), on a fresh load.
    await page.goto('about:blank');
    await page.goto('/trang-ca-nhan#%');
    await page.getByRole('tab', { name: 'Thông tin cá nhân', selected: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Trang cá nhân' }).count()).toBe(1);
    await context.close();
  });
});

describe('donor-profile wizard: terms and photo checks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('needs the agreement, locks the back side until the front is uploaded, refuses non-images with the reason', async () => {
    const donor = await newDonor('hm');
    const { context, page } = await newPage(browser, PHONE);
    await openProfile(page, donor, '#tao-ho-so-hien-mau');
    await page.getByRole('tab', { name: 'Tạo hồ sơ hiến máu', selected: true }).waitFor();
    await page.getByRole('heading', { name: 'Bước 1: Điều khoản' }).waitFor();
    const next = page.getByRole('button', { name: 'Xác nhận và tiếp tục' });
    expect(await next.isDisabled()).toBe(true);
    const panel = page.getByRole('tabpanel', { name: 'Tạo hồ sơ hiến máu' });
    expect(await panel.getByRole('link', { name: 'Điều khoản sử dụng' }).getAttribute('href')).toBe(
      '/dieu-khoan-su-dung',
    );
    // The terms scroll in a named region that a keyboard can focus (to scroll it with the arrows).
    const terms = page.getByRole('region', { name: 'Điều khoản tạo hồ sơ hiến máu' });
    expect(await terms.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await terms.getAttribute('tabindex')).toBe('0');
    const agree = page.getByLabel('Tôi đã đọc, hiểu và đồng ý với các điều khoản trên.');
    expect(await agree.getAttribute('aria-required')).toBe('true');
    await expectNoAxeViolations(page);
    await agree.check();
    expect(await next.isDisabled()).toBe(false);
    await next.click();

    await page.getByRole('heading', { name: 'Bước 2: Tải ảnh CCCD' }).waitFor();
    const front = page.getByRole('region', { name: 'Mặt trước CCCD' });
    const back = page.getByRole('region', { name: 'Mặt sau CCCD' });
    expect(await back.getByText('Vui lòng tải lên mặt trước trước').count()).toBe(1);
    expect(await back.getByRole('button', { name: /Chọn ảnh/ }).isDisabled()).toBe(true);
    expect(await back.getByRole('button', { name: /Chụp ảnh/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Tiếp tục' }).isDisabled()).toBe(true);
    // The camera button opens the phone camera; both inputs offer JPEG and PNG only.
    expect(await front.locator('input[type=file][capture=environment]').count()).toBe(1);
    for (const input of await page.locator('input[type=file]').all()) {
      expect((await input.getAttribute('accept'))!.split(',')).toEqual([
        'image/jpeg',
        'image/png',
        '.jpg',
        '.jpeg',
        '.png',
      ]);
    }
    const frontInput = front.locator('input[type=file]:not([capture])');
    const frontAlerts = () => front.getByRole('alert').allTextContents();
    const noPreview = front.getByText('Không xem trước được ảnh này');
    const removeFront = front.getByRole('button', { name: /Xóa ảnh/ });

    await front
      .locator('input[type=file]:not([capture])')
      .setInputFiles({ name: 'cccd.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await poll(() => front.getByRole('alert').allTextContents()).toEqual(['Vui lòng chọn file ảnh hợp lệ']);
    await front
      .locator('input[type=file]:not([capture])')
      .setInputFiles({ name: 'cccd.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await poll(() => front.getByRole('alert').allTextContents()).toEqual([
      'Kích thước file không được vượt quá 5MB',
    ]);
    // A HEIC photo is refused before sending, with the reason.
    await frontInput.setInputFiles({
      name: 'IMG_0002.HEIC',
      mimeType: 'image/heic',
      buffer: Buffer.alloc(2048, 1),
    });
    await poll(frontAlerts).toEqual([
      'Ảnh HEIC không được hỗ trợ. Vui lòng chụp lại hoặc chọn ảnh JPG, JPEG hoặc PNG.',
    ]);
    // Files the server refuses by their content: its reason is shown inline, and the picture can be
    // removed (preview and message go).
    const refusals: [string, string, Buffer, string][] = [
      [
        'cccd.png',
        'image/png',
        Buffer.from('chỉ là văn bản, không phải ảnh'),
        'Vui lòng chọn file ảnh hợp lệ',
      ],
      [
        'IMG_0001.jpg',
        'image/jpeg',
        Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]),
        'Ảnh HEIC không được hỗ trợ. Vui lòng chụp lại hoặc chọn ảnh JPG, JPEG hoặc PNG.',
      ],
    ];
    for (const [name, mimeType, buffer, message] of refusals) {
      await frontInput.setInputFiles({ name, mimeType, buffer });
      await poll(frontAlerts).toEqual([message]);
      // The browser cannot show such a file either: a sentence instead of a broken picture.
      await noPreview.waitFor();
      expect(await back.getByRole('button', { name: /Chọn ảnh/ }).isDisabled()).toBe(true);
      await removeFront.click();
      await poll(frontAlerts).toEqual([]);
      expect(await noPreview.count()).toBe(0);
      expect(await removeFront.count()).toBe(0);
      expect(await front.getByText('Chưa có ảnh').count()).toBe(1);
      // Focus stays on the card: on its 'Chọn ảnh'.
      await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
        'Chọn ảnh mặt trước CCCD',
      );
    }

    // An error answer without a reason gets the side's message; no answer at all, the unknown error.
    const image = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.route(`**${API.recognitionId}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await frontInput.setInputFiles({ name: 'cccd.png', mimeType: 'image/png', buffer: image });
    await poll(frontAlerts).toEqual(['Lỗi khi xử lý ảnh mặt trước']);
    await page.unroute(`**${API.recognitionId}`);
    await page.route(`**${API.recognitionId}`, (route) => route.abort('connectionreset'));
    // Choosing another picture replaces the failed one without removing it first.
    await frontInput.setInputFiles({ name: 'cccd.png', mimeType: 'image/png', buffer: image });
    await poll(frontAlerts).toEqual(['Lỗi không xác định khi xử lý ảnh mặt trước']);
    await page.unroute(`**${API.recognitionId}`);
    expect(await page.getByRole('button', { name: 'Tiếp tục' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Quay lại' }).click();
    await page.getByRole('heading', { name: 'Bước 1: Điều khoản' }).waitFor();
    expect(await page.getByLabel('Tôi đã đọc, hiểu và đồng ý với các điều khoản trên.').isChecked()).toBe(
      true,
    );
    await context.close();
  });
});
