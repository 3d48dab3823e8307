import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_ADMIN_MESSAGES as M,
  ADMIN_STAFF_API,
  API,
  SECOND_FACTOR_MESSAGES,
  STAFF_MESSAGES,
  STAFF_STATE_LABELS,
} from '@giot-hong/contract';
import {
  apiLogin,
  call,
  DEMO_ADMIN,
  DEMO_STAFF,
  loginThroughForm,
  newDonor,
  newEnrolledStaff,
  startSession,
} from './support/accounts.ts';
import { enrolThroughPage } from './support/second-factor.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  unique,
  waitForMail,
} from './support/browser.ts';
import { consoleNav, errorUnder, loginToConsole, openSection } from './support/console.ts';
import { vnDay } from './support/vn-time.ts';

/**
 * Every script the page loaded, by chunk name: the file name without the build's content hash
 * (eight letters and digits, which can spell anything the test looks for, `qr` included).
 */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js'))
      .map((n) =>
        n
          .split('/')
          .pop()!
          .replace(/-[\w-]{8}\.js$/, ''),
      ),
  );

describe('staff console: who may enter', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('anonymous → login → staff land on /quan-tri; the landing page loads no console code', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The sections below the hero come in a second chunk, after hydration starts: wait for it,
    // so that every script the landing page loads is counted, whichever arrives first.
    await poll(async () => (await loadedScripts(page)).includes('landing-sections')).toBe(true);
    const landingScripts = await loadedScripts(page);
    // A 'with-<public pages>-for-console' group is code those public pages run themselves, which
    // console pages share (vite.config.ts): not console code.
    expect(
      landingScripts.filter((s) => !s.startsWith('with-') && /console|campaign-day|qr|jsQR/i.test(s)),
    ).toEqual([]);

    await page.goto('/quan-tri');
    await page.waitForURL(
      (u) => u.pathname === '/dang-nhap' && u.searchParams.get('redirect') === '/quan-tri',
    );
    // Logging in from the plain login page (no redirect) lands staff on the console too.
    await loginToConsole(page, DEMO_STAFF);
    await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
    let nav = await consoleNav(page);
    expect(await nav.getByRole('link', { name: 'Tổng quan', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await nav.getByRole('link', { name: 'Chiến dịch', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Chiến dịch hiến máu' }).waitFor();
    nav = await consoleNav(page);
    expect(
      await nav.getByRole('link', { name: 'Chiến dịch', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await page.keyboard.press('Escape');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Today's campaigns, each leading to its day page.
    await openSection(page, 'Hôm nay');
    await page.getByRole('heading', { level: 1, name: 'Ngày hiến máu' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Hôm nay' }).waitFor();
    nav = await consoleNav(page);
    expect(await nav.getByRole('link', { name: 'Hôm nay' }).getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Logging out from the console ends the session and goes to the login page.
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await context.close();
  });

  it('an ADMIN invites staff by e-mail; the link welcomes them with their username, sets the password, and they land on /quan-tri', async () => {
    const admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const username = `canbo_${unique()}`;
    const email = `${username}@hoichuthapdo.vn`;
    const since = Date.now();
    const invited = await call(ADMIN_STAFF_API.invite, {
      token: admin.accessToken,
      body: { email, username, role: 'STAFF' },
    });
    expect(invited.status).toBe(200);
    const mail = await waitForMail(email, STAFF_MESSAGES.inviteSubject, since);
    const link = /(http\S+#\S+)/.exec(mail.text)![1]!;

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(link.slice(link.indexOf('/chao-mung-can-bo')));
    // The person knows only the e-mail the link came to: the page says which username is theirs.
    await page.getByRole('heading', { level: 1, name: 'Chào mừng bạn đến với Giọt Hồng' }).waitFor();
    await poll(() => page.locator('[data-invited-username]').textContent()).toBe(username);
    expect(await page.locator('main').textContent()).toContain(email);
    // The token left the address bar at once.
    expect(new URL(page.url()).hash).toBe('');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    const password = 'Mua@Xuan#Tren!Song-Han42';
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill(password);
    await page.getByLabel('Xác nhận mật khẩu mới', { exact: true }).fill(password);
    await page.locator('main').getByRole('button', { name: 'Đặt mật khẩu', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    // The login form opens with their username.
    expect(await page.locator('input[name="username"]').inputValue()).toBe(username);
    await loginThroughForm(page, { username, password });
    // The first login sets up the authenticator, then lands on the console.
    await enrolThroughPage(page, username);
    await page.waitForURL((u) => u.pathname === '/quan-tri');
    await context.close();
  });

  it('an ADMIN resets a staff member’s second factor after a confirmation and resends an invitation, at 360 px', async () => {
    const enrolled = await newEnrolledStaff('datlai');
    const admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const pending = `moi_${unique()}`;
    const invited = await call(ADMIN_STAFF_API.invite, {
      token: admin.accessToken,
      body: { email: `${pending}@hoichuthapdo.vn`, username: pending, role: 'STAFF' },
    });
    expect(invited.status).toBe(200);

    const { context, page } = await newPage(browser, PHONE);
    try {
      await startSession(page, admin);
      await page.goto('/quan-tri/tai-khoan');
      await page.getByRole('heading', { level: 1, name: 'Tài khoản cán bộ' }).waitFor();
      const item = page.getByRole('listitem').filter({ hasText: enrolled.username });
      await item.getByText(STAFF_STATE_LABELS.active, { exact: true }).waitFor();
      await item.getByText('Xác thực hai lớp: đã thiết lập').waitFor();
      const invitedItem = page.getByRole('listitem').filter({ hasText: pending });
      await invitedItem.getByText(STAFF_STATE_LABELS.invited, { exact: true }).waitFor();
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);

      // 'Không' changes nothing and gives the focus back.
      const reset = item.getByRole('button', { name: 'Đặt lại xác thực hai lớp' });
      await reset.click();
      const dialog = page.getByRole('dialog', { name: 'Đặt lại xác thực hai lớp' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(enrolled.username);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Không' }).click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => reset.evaluate((el) => el === document.activeElement)).toBe(true);
      await item.getByText('Xác thực hai lớp: đã thiết lập').waitFor();

      await reset.click();
      await dialog.getByRole('button', { name: 'Đặt lại', exact: true }).click();
      await page.getByText(SECOND_FACTOR_MESSAGES.resetDone).waitFor();
      await item.getByText('Xác thực hai lớp: chưa thiết lập').waitFor();
      expect(await item.getByRole('button', { name: 'Đặt lại xác thực hai lớp' }).count()).toBe(0);

      // The invitation, sent again.
      const since = Date.now();
      await invitedItem.getByRole('button', { name: 'Gửi lại lời mời' }).click();
      await page.getByText(STAFF_MESSAGES.reinvited).waitFor();
      await waitForMail(`${pending}@hoichuthapdo.vn`, STAFF_MESSAGES.inviteSubject, since);

      // A role changes only after a confirmation that says what the new role may do.
      const role = item.getByLabel('Vai trò');
      await role.selectOption('ADMIN');
      const roleDialog = page.getByRole('dialog', { name: 'Đổi vai trò' });
      expect(await roleDialog.textContent()).toContain('quản lý tài khoản cán bộ và đọc nhật ký thao tác');
      await roleDialog.getByRole('button', { name: 'Không' }).click();
      await roleDialog.waitFor({ state: 'detached' });
      expect(await role.inputValue()).toBe('STAFF');
      await role.selectOption('ADMIN');
      await roleDialog.getByRole('button', { name: 'Đổi vai trò', exact: true }).click();
      await page.getByText(STAFF_MESSAGES.roleChanged).waitFor();
      await poll(() => role.inputValue()).toBe('ADMIN');

      // Locked, then unlocked: both after a confirmation.
      await item.getByRole('button', { name: 'Khóa tài khoản' }).click();
      await page
        .getByRole('dialog', { name: 'Khóa tài khoản' })
        .getByRole('button', { name: 'Khóa tài khoản' })
        .click();
      await item.getByText(STAFF_STATE_LABELS.locked, { exact: true }).waitFor();
      await item.getByRole('button', { name: 'Mở khóa' }).click();
      const unlock = page.getByRole('dialog', { name: 'Mở khóa tài khoản' });
      await expectNoAxeViolations(page);
      await unlock.getByRole('button', { name: 'Mở khóa', exact: true }).click();
      await page.getByText(STAFF_MESSAGES.reactivated).waitFor();
      await item.getByText(STAFF_STATE_LABELS.active, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
    // The staff member's next login sets up a new authenticator.
    const next = await call(API.authLogin, {
      body: { username: enrolled.username, password: enrolled.password },
    });
    expect(next.body.data.secondFactor.next).toBe('enrol');
  });

  it('a donor who opens /quan-tri sees the 403 page, not the console', async () => {
    const donor = await newDonor('qt403');
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, viewport);
      await startSession(page, donor);
      await page.goto('/quan-tri/ngay-hien-mau');
      await page.getByRole('heading', { level: 1, name: 'Không có quyền truy cập' }).waitFor();
      expect(await page.locator('main').innerText()).toContain(
        'Trang quản trị chỉ dành cho cán bộ của Hội Chữ thập đỏ.',
      );
      expect(await page.getByRole('navigation', { name: 'Quản trị' }).count()).toBe(0);
      await poll(() => page.title()).toBe('Không có quyền truy cập | Giọt Hồng');
      await expectNoHorizontalOverflow(page);
      await expectNoAxeViolations(page);
      await context.close();
    }

    // A donor logging in lands on the home page as before.
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/dang-nhap');
    await loginThroughForm(page, { username: donor.username, password: 'HienMau@Test26' });
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('the campaign form checks in Vietnamese before sending, at 360 px, with the keyboard', async () => {
    const staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, staff);
    await page.goto('/quan-tri/chien-dich');
    await page.getByRole('link', { name: 'Tạo chiến dịch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tạo chiến dịch' }).waitFor();
    const nav = await consoleNav(page);
    expect(
      await nav.getByRole('link', { name: 'Chiến dịch', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await page.keyboard.press('Escape');

    // Nothing filled in: each field says what is missing; nothing is sent.
    const requests: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && requests.push(r.url()));
    await page.getByRole('button', { name: 'Tạo chiến dịch' }).click();
    await poll(() => errorUnder(page, 'Tên chiến dịch')).toBe(M.nameRequired);
    expect(await errorUnder(page, 'Địa điểm')).toBe(M.locationRequired);
    expect(await errorUnder(page, 'Ngày diễn ra')).toBe(M.timeRequired);
    expect(await errorUnder(page, 'Mục tiêu (đơn vị máu)')).toBe(M.targetRange);
    expect(await errorUnder(page, 'Bộ câu hỏi sức khỏe')).toBe(M.questionSetRequired);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // The receiving window: it ends after it starts, and a new campaign is still receiving.
    await page.getByLabel('Tên chiến dịch').fill('Hiến máu mùa đông');
    await page.getByLabel('Địa điểm').fill('Nhà văn hóa phường');
    await page.getByLabel('Ngày diễn ra').fill(vnDay(3));
    await page.getByLabel('Giờ tổ chức').fill('07:30');
    await page.getByLabel('Bắt đầu nhận máu').fill('11:00');
    await page.getByLabel('Kết thúc nhận máu').fill('08:00');
    await page.getByLabel('Mục tiêu (đơn vị máu)').fill('0');
    await page.getByRole('button', { name: 'Tạo chiến dịch' }).click();
    await poll(() => errorUnder(page, 'Kết thúc nhận máu')).toBe(M.endAfterStart);
    expect(await errorUnder(page, 'Mục tiêu (đơn vị máu)')).toBe(M.targetRange);
    expect(await errorUnder(page, 'Tên chiến dịch')).toBeNull();
    await page.getByLabel('Ngày diễn ra').fill(vnDay(-2));
    await page.getByLabel('Kết thúc nhận máu').fill('12:00');
    await page.getByRole('button', { name: 'Tạo chiến dịch' }).click();
    await poll(() => errorUnder(page, 'Kết thúc nhận máu')).toBe(M.endInFuture);
    expect(await errorUnder(page, 'Bắt đầu nhận máu')).toBeNull();
    expect(requests.filter((u) => u.includes('/api/admin/'))).toEqual([]);

    // The keyboard reaches every field and button; focus is visible.
    await page.getByLabel('Tên chiến dịch').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBeNull();
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await context.close();
  });
});
