import {
  AUTH_MESSAGES as V,
  AUTH_SERVER_MESSAGES as M,
  SECOND_FACTOR_MESSAGES as F,
} from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOfStep, fromBase32, timeStep } from '../apps/server/src/modules/second-factor/totp.ts';
import {
  call,
  DEMO_STAFF,
  loginThroughForm,
  newInvitedStaff,
  newVerifiedAccount,
  TEST_PASSWORD as PASSWORD,
} from './support/accounts.ts';
import { enrolThroughPage, nextTotpCode } from './support/second-factor.ts';
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
  toastsGone,
  unique,
  waitForMail,
} from './support/browser.ts';

const NEW_PASSWORD = 'Doi-Mat-Khau@27';
const RESET_PASSWORD = 'Dat-Lai@Mk28';

/** The message under the input named `name` (its aria-describedby error), or null. */
async function errorOf(page: Page, name: string): Promise<string | null> {
  const ids = (await page.locator(`input[name="${name}"]`).getAttribute('aria-describedby')) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`[id="${errorId}"]`).textContent() : null;
}

/** Every field error the page shows, by input name. */
async function errors(page: Page, names: string[]): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const n of names) out[n] = await errorOf(page, n);
  return out;
}

const hasToast = (page: Page, ...parts: string[]) =>
  poll(async () => (await toasts(page)).some((t) => parts.every((p) => t.includes(p)))).toBe(true);

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
}

const submit = (page: Page, name: string) =>
  page.locator('main').getByRole('button', { name, exact: true }).click();
const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }) as Record<string, string>);

describe('accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the whole journey: sign up → mailed link → log in → change password → log out → forgot → mailed code → reset → log in', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const id = unique();
    const user = { username: `hanhtrinh${id}`, email: `hanhtrinh${id}@example.com` };

    // Sign up.
    await page.goto('/dang-ky');
    await page.getByRole('heading', { level: 1, name: 'Đăng Ký' }).waitFor();
    await expectNoAxeViolations(page);
    const since = Date.now();
    await fill(page, {
      username: user.username,
      email: user.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    await submit(page, 'Đăng ký');
    await page.waitForURL((u) => u.pathname === '/hoan-thanh-dang-ky');
    await hasToast(page, 'Đăng ký thành công', M.registerSuccess);
    await page.getByRole('heading', { name: 'Đăng ký thành công!' }).waitFor();
    await poll(() => page.locator('main').innerText()).toContain(
      `Chúng tôi đã gửi email xác thực đến ${user.email}.`,
    );
    expect(await page.locator('main').innerText()).toContain('Email xác thực có hiệu lực trong 24 giờ.');
    expect((await storage(page)).signupEmail).toBe(user.email);
    await expectNoAxeViolations(page);

    // Open the mailed link.
    const mail = await waitForMail(user.email, 'Xác thực tài khoản', since);
    expect(mail.text).toContain('Liên kết có hiệu lực trong 24 giờ');
    const link = /https?:\/\/\S+\/auth\/verify-email\?token=[\w-]+/.exec(mail.text)![0];
    await page.goto(link);
    await page.waitForURL(
      (u) => u.pathname === '/verification' && u.searchParams.get('status') === 'success',
    );
    await page.getByRole('heading', { name: 'Xác thực tài khoản thành công!' }).waitFor();
    await expectNoAxeViolations(page);

    // Log in: storage is cleared, then holds exactly the two tokens; home follows.
    await page.locator('main').getByRole('link', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    await loginThroughForm(page, { username: user.username, password: PASSWORD });
    await page.waitForURL((u) => u.pathname === '/' && u.search === '');
    const stored = await storage(page);
    expect(Object.keys(stored).sort()).toEqual(['access_token', 'refresh_token']);
    // The address changes before the home page has replaced the login page, and the menu closes
    // on every navigation: it is opened once the home page is on screen.
    await page.getByRole('heading', { level: 2, name: 'SỰ KIỆN HIẾN MÁU' }).waitFor();

    // Change the password from the avatar menu.
    await page.getByRole('button', { name: 'Tài khoản' }).click();
    await page.getByRole('menuitem', { name: 'Đổi mật khẩu' }).click();
    await page.waitForURL((u) => u.pathname === '/doi-mat-khau');
    await page.getByRole('heading', { level: 1, name: 'Bảo mật' }).waitFor();
    await expectNoAxeViolations(page);
    await fill(page, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD });
    await submit(page, 'Đổi mật khẩu');
    await hasToast(page, 'Thành công', M.changeSuccess);
    await poll(() => page.locator('input[name="oldPassword"]').inputValue()).toBe('');

    // Log out: storage cleared, login page.
    await page.getByRole('button', { name: 'Tài khoản' }).click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    expect(await storage(page)).toEqual({});
    // The login was revoked on the server too: the old refresh token is dead.
    await poll(async () => {
      const res = await fetch(`${baseURL()}/api/v1/auth/refresh-token`, {
        headers: { authorization: `Bearer ${stored.refresh_token}` },
      });
      return res.status;
    }).toBe(401);

    // Forgot password → code from the mail.
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.waitForURL((u) => u.pathname === '/quen-mat-khau');
    await expectNoAxeViolations(page);
    const codeSince = Date.now();
    await fill(page, { email: user.email });
    await submit(page, 'Gửi mã xác nhận');
    await page.waitForURL((u) => u.pathname === '/xac-thuc-otp');
    await hasToast(page, 'Đã gửi mã xác nhận', M.forgotSent);
    await poll(() => page.locator('main').innerText()).toContain(
      `Nhập mã gồm 6 chữ số đã được gửi đến ${user.email}.`,
    );
    await expectNoAxeViolations(page);
    const codeMail = await waitForMail(user.email, 'Mã xác nhận đặt lại mật khẩu', codeSince);
    const code = /Mã xác nhận của bạn là: (\d{6})/.exec(codeMail.text)![1]!;
    await fill(page, { otp: code });
    await submit(page, 'Xác nhận');

    // New password → login page → log in with it.
    await page.waitForURL((u) => u.pathname === '/thay-doi-mat-khau');
    await page.getByRole('heading', { name: 'Đặt lại mật khẩu' }).waitFor();
    await expectNoAxeViolations(page);
    await fill(page, { newPassword: RESET_PASSWORD, confirmPassword: RESET_PASSWORD });
    await submit(page, 'Đặt lại mật khẩu');
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    await hasToast(page, 'Đặt lại mật khẩu thành công', M.resetSuccess);
    const afterReset = await storage(page);
    expect([afterReset.recoveryEmail, afterReset.resetToken]).toEqual([undefined, undefined]);

    await loginThroughForm(page, { username: user.username, password: NEW_PASSWORD });
    await hasToast(page, 'Đã có lỗi xảy ra', M.invalidCredentials);
    await loginThroughForm(page, { username: user.username, password: RESET_PASSWORD });
    await page.waitForURL((u) => u.pathname === '/');
    expect(Object.keys(await storage(page)).sort()).toEqual(['access_token', 'refresh_token']);
    await context.close();
  });

  it('login: every message of section 5, show/hide, “Đang xử lý...”, failure toast, unverified account', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/dang-nhap');
    await page.getByRole('heading', { level: 1, name: 'Đăng Nhập' }).waitFor();
    await poll(() => page.locator('main').innerText()).toContain('Chào mừng bạn quay trở lại!');
    await expectNoAxeViolations(page);

    await submit(page, 'Đăng nhập');
    await poll(() => errors(page, ['username', 'password'])).toEqual({
      username: V.usernameRequired,
      password: V.passwordRequired,
    });
    await fill(page, { username: '   ', password: '   ' });
    await submit(page, 'Đăng nhập');
    await poll(() => errors(page, ['username', 'password'])).toEqual({
      username: V.usernameRequired,
      password: V.passwordRequired,
    });
    await fill(page, { username: 'a'.repeat(51), password: 'x'.repeat(51) });
    await poll(() => errors(page, ['username', 'password'])).toEqual({
      username: V.usernameTooLong,
      password: V.passwordMax,
    });

    // Show/hide the password.
    const password = page.locator('input[name="password"]');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Hiện mật khẩu' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ẩn mật khẩu' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // 'Đang xử lý...' while the call runs, then the destructive toast with the server message.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await fill(page, { username: 'khong_ai_ca', password: 'Sai@Mat-Khau1' });
    await submit(page, 'Đăng nhập');
    const busy = page.getByRole('button', { name: 'Đang xử lý...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await hasToast(page, 'Đã có lỗi xảy ra', M.invalidCredentials);
    await page.unroute('**/auth/login');

    // A donor who never opened the link is told why, with a way to get a new one.
    const id = unique();
    await call('/auth/register', {
      body: {
        username: `cxt${id}`,
        email: `cxt${id}@example.com`,
        password: PASSWORD,
      },
    });
    await loginThroughForm(page, { username: `cxt${id}`, password: PASSWORD });
    await hasToast(page, 'Đã có lỗi xảy ra', M.emailNotVerified);
    await page.getByRole('link', { name: 'Gửi lại email xác thực' }).click();
    await page.waitForURL((u) => u.pathname === '/verification' && u.searchParams.get('status') === 'failed');

    // Links of the login page.
    await page.goto('/dang-nhap');
    await page.getByRole('button', { name: 'Đăng ký ngay' }).click();
    await page.waitForURL((u) => u.pathname === '/dang-ky');
    await context.close();
  });

  it('sign-up: every message of section 5, duplicates from the server, back to login', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // The strength estimate (zxcvbn and its lists) is fetched only once a new password is typed.
    const strengthChunks: string[] = [];
    const signUps: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/password-strength-[^/]+\.js$/.test(r.url())) strengthChunks.push(r.url());
      if (r.url().endsWith('/auth/register')) signUps.push(r.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto('/dang-ky');
    await page.getByRole('heading', { level: 1, name: 'Đăng Ký' }).waitFor();
    const names = ['username', 'email', 'password', 'confirmPassword'];

    await submit(page, 'Đăng ký');
    await poll(() => errors(page, names)).toEqual({
      username: V.usernameRequired,
      email: V.emailRequired,
      password: V.passwordMin,
      confirmPassword: V.passwordMin,
    });
    await expectNoAxeViolations(page);
    expect(strengthChunks).toEqual([]);

    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'khong-phai-email' }, 'email', V.emailInvalid],
      [{ email: `${'a'.repeat(45)}@x.com` }, 'email', V.emailTooLong],
      [{ username: 'a'.repeat(51) }, 'username', V.usernameTooLong],
      [{ password: `Ab1@${'x'.repeat(47)}` }, 'password', V.passwordMax],
      [{ password: 'ABCDEF1@' }, 'password', V.passwordLower],
      [{ password: 'abcdef1@' }, 'password', V.passwordUpper],
      [{ password: 'Abcdefg@' }, 'password', V.passwordDigit],
      [{ password: 'Abcdefg1' }, 'password', V.passwordSpecial],
      [{ confirmPassword: `Ab1@${'x'.repeat(47)}` }, 'confirmPassword', V.passwordMax],
      [{ confirmPassword: `${PASSWORD}x` }, 'confirmPassword', V.confirmMismatch],
    ];
    const valid = {
      username: `dk${unique()}`,
      email: `dk${unique()}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    for (const [patch, field, message] of cases) {
      await fill(page, { ...valid, ...patch });
      await submit(page, 'Đăng ký');
      await poll(() => errorOf(page, field)).toBe(message);
    }
    expect(strengthChunks).toHaveLength(1);

    // Guessable passwords are said in the form, before anything is sent: one built from the
    // username, and one of the review's examples.
    for (const password of [`${valid.username}@Ab1`, 'Aa1!Aa1!']) {
      await fill(page, { ...valid, password, confirmPassword: password });
      await submit(page, 'Đăng ký');
      await poll(() => errorOf(page, 'password')).toBe(V.passwordGuessable);
    }
    expect(signUps).toEqual([]);

    // Show/hide on both password fields.
    await page.getByRole('button', { name: 'Hiện xác nhận mật khẩu' }).click();
    expect(await page.locator('input[name="confirmPassword"]').getAttribute('type')).toBe('text');

    // A taken username: toast and the message under the field; a common password likewise.
    const taken = await newVerifiedAccount('dn');
    await fill(page, { ...valid, username: taken.username.toUpperCase() });
    await submit(page, 'Đăng ký');
    await hasToast(page, 'Đã có lỗi xảy ra', M.usernameTaken);
    await poll(() => errorOf(page, 'username')).toBe(M.usernameTaken);
    await fill(page, { ...valid, email: taken.email, password: 'Admin@123', confirmPassword: 'Admin@123' });
    await submit(page, 'Đăng ký');
    await poll(() => errorOf(page, 'password')).toBe(M.passwordTooCommon);

    await page.getByRole('button', { name: 'Quay lại đăng nhập' }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    await context.close();
  });

  it('recovery forms: every message of section 5, missing stored e-mail or token, resend countdown m:ss', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.clock.install();
    await page.goto('/quen-mat-khau');
    await page.getByRole('heading', { name: 'Quên mật khẩu' }).waitFor();
    await submit(page, 'Gửi mã xác nhận');
    await poll(() => errorOf(page, 'email')).toBe(V.gmailRequired);
    await fill(page, { email: 'khong-phai-email' });
    await poll(() => errorOf(page, 'email')).toBe(V.emailInvalid);

    // The code page without a stored e-mail.
    await page.goto('/xac-thuc-otp');
    await page.getByRole('heading', { name: 'Xác thực OTP' }).waitFor();
    await poll(() => page.locator('main').innerText()).toContain(
      'Không tìm thấy email vui lòng kiểm tra lại',
    );
    await fill(page, { otp: '123456' });
    await submit(page, 'Xác nhận');
    await hasToast(page, 'Không tìm thấy email vui lòng kiểm tra lại');

    // The new-password page without e-mail and token.
    await page.goto('/thay-doi-mat-khau');
    await page.getByRole('heading', { name: 'Đặt lại mật khẩu' }).waitFor();
    await submit(page, 'Đặt lại mật khẩu');
    await poll(() => errors(page, ['newPassword', 'confirmPassword'])).toEqual({
      newPassword: V.passwordMin,
      confirmPassword: V.passwordMin,
    });
    for (const [values, field, message] of [
      [{ newPassword: 'abcdef1@', confirmPassword: 'abcdef1@' }, 'newPassword', V.passwordUpper],
      [{ newPassword: 'ABCDEF1@', confirmPassword: 'ABCDEF1@' }, 'newPassword', V.passwordLower],
      [{ newPassword: 'Abcdefg@', confirmPassword: 'Abcdefg@' }, 'newPassword', V.passwordDigit],
      [{ newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }, 'newPassword', V.passwordSpecial],
      [
        { newPassword: RESET_PASSWORD, confirmPassword: `${RESET_PASSWORD}x` },
        'confirmPassword',
        V.confirmMismatch,
      ],
    ] as const) {
      await fill(page, values);
      await submit(page, 'Đặt lại mật khẩu');
      await poll(() => errorOf(page, field)).toBe(message);
    }
    await fill(page, { newPassword: RESET_PASSWORD, confirmPassword: RESET_PASSWORD });
    await submit(page, 'Đặt lại mật khẩu');
    await hasToast(page, 'Không tìm thấy mã xác nhận hoặc email. Vui lòng thử lại.');

    // A real recovery start: the code page counts down 300 s as m:ss before a resend.
    const donor = await newVerifiedAccount('dn');
    await page.goto('/quen-mat-khau');
    await fill(page, { email: donor.email });
    await submit(page, 'Gửi mã xác nhận');
    await page.waitForURL((u) => u.pathname === '/xac-thuc-otp');
    const resend = page.getByRole('button', { name: /^Gửi lại mã/ });
    await poll(() => resend.innerText()).toBe('Gửi lại mã sau 5:00');
    expect(await resend.isDisabled()).toBe(true);
    await page.clock.runFor(61_000);
    await poll(() => resend.innerText()).toBe('Gửi lại mã sau 3:59');
    await page.clock.runFor(239_000);
    await poll(() => resend.innerText()).toBe('Gửi lại mã');
    expect(await resend.isEnabled()).toBe(true);
    await resend.click();
    await hasToast(page, 'Đã gửi mã xác nhận', M.resendSent);
    // The countdown starts over at 5:00. The page's clock runs at the machine's pace here, and a
    // busy machine may take seconds to show it: any m:ss above 4:00 says it started over.
    await poll(async () => {
      const left = /^Gửi lại mã sau (\d):(\d\d)$/.exec(await resend.innerText());
      return left ? Number(left[1]) * 60 + Number(left[2]) : 0;
    }).toBeGreaterThan(240);
    expect(await resend.isDisabled()).toBe(true);

    for (const otp of ['', '12345', '12a456']) {
      await fill(page, { otp });
      await submit(page, 'Xác nhận');
      await poll(() => errorOf(page, 'otp')).toBe(V.otpSixDigits);
    }
    await fill(page, { otp: '000000' });
    await submit(page, 'Xác nhận');
    await hasToast(page, 'Đã có lỗi xảy ra', M.otpInvalid);
    await expectNoAxeViolations(page);

    // The failed verification page: e-mail required, resend, login button.
    await page.goto('/verification?status=failed');
    await page.getByRole('heading', { name: 'Xác thực tài khoản thất bại' }).waitFor();
    await fill(page, { email: '' });
    await submit(page, 'Gửi lại email xác thực');
    await poll(() => errorOf(page, 'email')).toBe(V.resendEmailRequired);
    await fill(page, { email: 'ai-do@example.com' });
    await submit(page, 'Gửi lại email xác thực');
    await hasToast(page, 'Đã gửi lại email', M.resendSent);
    await expectNoAxeViolations(page);
    await page.locator('main').getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');

    await page.goto('/verification?status=abc');
    await page.getByRole('heading', { name: 'Trạng thái xác thực không hợp lệ!' }).waitFor();
    await context.close();
  });

  it('change password: every message of section 5 and the server’s wrong-old-password message', async () => {
    const donor = await newVerifiedAccount('dn');
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/dang-nhap');
    await loginThroughForm(page, { username: donor.username, password: donor.password });
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/doi-mat-khau');
    await page.getByRole('heading', { level: 1, name: 'Bảo mật' }).waitFor();

    // The live hint while typing, before any submit; then the form's own message on submit.
    await fill(page, {
      oldPassword: donor.password,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: `${NEW_PASSWORD}x`,
    });
    await poll(() => page.locator('main').innerText()).toContain(V.newAndConfirmMismatch);
    await submit(page, 'Đổi mật khẩu');
    await poll(() => errorOf(page, 'confirmNewPassword')).toBe(V.confirmMismatch);
    expect(await page.locator('main').innerText()).not.toContain(V.newAndConfirmMismatch);

    await fill(page, { oldPassword: '', newPassword: '', confirmNewPassword: '' });
    await submit(page, 'Đổi mật khẩu');
    await poll(() => errors(page, ['oldPassword', 'newPassword', 'confirmNewPassword'])).toEqual({
      oldPassword: V.oldPasswordRequired,
      newPassword: V.passwordMin,
      confirmNewPassword: V.confirmNewRequired,
    });
    for (const [newPassword, message] of [
      [`Ab1@${'x'.repeat(47)}`, V.passwordMax],
      ['ABCDEF1@', V.passwordLower],
      ['abcdef1@', V.passwordUpper],
      ['Abcdefg@', V.passwordDigit],
      ['Abcdefg1', V.passwordSpecial],
    ] as const) {
      await fill(page, { oldPassword: 'x', newPassword, confirmNewPassword: newPassword });
      await submit(page, 'Đổi mật khẩu');
      await poll(() => errorOf(page, 'newPassword')).toBe(message);
    }
    await fill(page, {
      oldPassword: 'Sai@Mat-Khau1',
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    await submit(page, 'Đổi mật khẩu');
    await hasToast(page, M.oldPasswordWrong);
    await poll(() => errorOf(page, 'oldPassword')).toBe(M.oldPasswordWrong);
    await context.close();
  });

  it('route guard: protected pages go to /dang-nhap?redirect=… and back after login; logged-in visitors leave login and sign-up', async () => {
    const donor = await newVerifiedAccount('dn');
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/');
    await page.goto('/doi-mat-khau');
    await page.waitForURL(
      (u) => u.pathname === '/dang-nhap' && u.searchParams.get('redirect') === '/doi-mat-khau',
    );
    // History was replaced: Back returns to the page before, not to the protected one.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goForward();
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    await loginThroughForm(page, { username: donor.username, password: donor.password });
    await page.waitForURL((u) => u.pathname === '/doi-mat-khau');
    await page.getByRole('heading', { level: 1, name: 'Bảo mật' }).waitFor();

    await page.goto('/dang-nhap');
    await page.waitForURL((u) => u.pathname === '/' && u.search === '');
    await page.goto('/dang-ky');
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('redirect') === '/dang-ky');
    await page.goto('/quen-mat-khau');
    await page.waitForURL((u) => u.pathname === '/');

    // An outside address in `redirect` is ignored.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/dang-nhap?redirect=//evil.example/x');
    await loginThroughForm(page, { username: donor.username, password: donor.password });
    await page.waitForURL((u) => u.pathname === '/' && u.host === new URL(baseURL()).host);
    await context.close();
  });

  it('an expired access token is refreshed silently: the page keeps working and new tokens are stored', async () => {
    const donor = await newVerifiedAccount('dn');
    const opened = await newPage(browser, DESKTOP);
    const { context } = opened;
    let { page } = opened;
    await page.goto('/dang-nhap');
    await loginThroughForm(page, { username: donor.username, password: donor.password });
    await page.waitForURL((u) => u.pathname === '/');
    const before = await storage(page);
    // The home page is closed first: a request it still had to send (a lazy part loading late on a
    // busy machine) would otherwise meet the bad token, refresh, and be cut off by the navigation,
    // leaving this test with a refresh it did not make.
    await page.close();
    // An access token the server refuses, as after 15 minutes, stored before the next page runs.
    await context.addInitScript(() => {
      if (localStorage.getItem('e2e-expired')) return;
      localStorage.setItem('e2e-expired', '1');
      localStorage.setItem('access_token', 'het-han');
    });
    page = await context.newPage();
    let refreshes = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/auth/refresh-token')) refreshes += 1;
    });
    await page.goto('/doi-mat-khau');
    await fill(page, {
      oldPassword: donor.password,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    await submit(page, 'Đổi mật khẩu');
    await hasToast(page, 'Thành công', M.changeSuccess);
    const after = await storage(page);
    expect(refreshes).toBe(1);
    expect(after.access_token).not.toBe('het-han');
    expect(after.refresh_token).not.toBe(before.refresh_token);
    await context.close();
  });
});

describe('second factor for staff in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

  it('a staff member types the authenticator’s code after the password, at 360 px, with the keyboard', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.goto('/dang-nhap');
      await loginThroughForm(page, { username: DEMO_STAFF.username, password: DEMO_STAFF.password });
      await page.getByRole('heading', { level: 1, name: 'Xác thực hai lớp' }).waitFor();
      // No token yet: the password alone logs nobody in.
      expect(await storage(page)).not.toHaveProperty('access_token');
      const input = page.getByLabel('Mã xác thực', { exact: true });
      expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await input.getAttribute('inputmode')).toBe('numeric');
      await poll(() => focusedName(page)).toBe('code');
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);

      // Checked before sending, then by the server: each message under the field.
      await input.pressSequentially('12345');
      await page.keyboard.press('Enter');
      await poll(() => errorOf(page, 'code')).toBe(F.codeSixDigits);
      const valid = new Set(
        [-1, 0, 1].map((d) => codeOfStep(fromBase32(DEMO_STAFF.secret), timeStep(Date.now()) + d)),
      );
      const wrong = ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
      await input.fill(wrong);
      await page.keyboard.press('Enter');
      await poll(() => errorOf(page, 'code')).toBe(F.codeWrong);
      await expectNoAxeViolations(page);

      // The recovery code instead, and back.
      await page.getByRole('button', { name: 'Dùng mã khôi phục' }).click();
      await poll(() => focusedName(page)).toBe('recoveryCode');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Dùng mã từ ứng dụng xác thực' }).click();
      await poll(() => focusedName(page)).toBe('code');

      // The right code, typed like a person, sent with Enter.
      await page.keyboard.type(await nextTotpCode(DEMO_STAFF.username, DEMO_STAFF.secret));
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/quan-tri');
      expect(await storage(page)).toHaveProperty('access_token');
    } finally {
      await context.close();
    }
  });

  it('a new staff member enrols at the first login (secret read off the page, ten recovery codes), then logs in once with a recovery code', async () => {
    const staff = await newInvitedStaff('hailop');
    const { context, page } = await newPage(browser, PHONE);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/dang-nhap');
      await loginThroughForm(page, { username: staff.username, password: staff.password });
      const { recoveryCodes } = await enrolThroughPage(page, staff.username, {
        beforeCode: async () => {
          await expectNoAxeViolations(page);
          await expectNoHorizontalOverflow(page);
        },
        onRecoveryCodes: async () => {
          await expectNoAxeViolations(page);
          await expectNoHorizontalOverflow(page);
          // 'Tiếp tục' waits for the person to say the codes are kept.
          expect(await page.getByRole('button', { name: 'Tiếp tục' }).isDisabled()).toBe(true);
          await page.getByRole('button', { name: 'Sao chép' }).click();
          await hasToast(page, 'Đã sao chép các mã khôi phục');
          const copied = await page.evaluate(() => navigator.clipboard.readText());
          expect(copied.split('\n')).toHaveLength(10);
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', { name: 'Tải xuống' }).click(),
          ]);
          expect(download.suggestedFilename()).toBe(`giot-hong-ma-khoi-phuc-${staff.username}.txt`);
          // The copy's toast goes while this page's toaster shows it. Still there when the page
          // changes, it came back in the console's toaster after a moment with none on screen, and
          // lay over the header's 'Đăng xuất' (CI, 2026-11-29).
          await toastsGone(page);
        },
      });
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      await page.waitForURL((u) => u.pathname === '/quan-tri');

      // Next time: the password, then a recovery code instead of the app's code, once the copy's
      // toast has left the header's button.
      await toastsGone(page);
      await page.getByRole('button', { name: 'Đăng xuất' }).click();
      await page.waitForURL((u) => u.pathname === '/dang-nhap');
      await loginThroughForm(page, { username: staff.username, password: staff.password });
      await page.getByRole('heading', { level: 1, name: 'Xác thực hai lớp' }).waitFor();
      await page.getByRole('button', { name: 'Dùng mã khôi phục' }).click();
      await page.getByLabel('Mã khôi phục', { exact: true }).fill(recoveryCodes[0]!.toUpperCase());
      await submit(page, 'Xác nhận');
      await page.waitForURL((u) => u.pathname === '/quan-tri');
      await hasToast(page, 'Bạn còn 9 mã khôi phục chưa dùng.');
    } finally {
      await context.close();
    }
  });
});
