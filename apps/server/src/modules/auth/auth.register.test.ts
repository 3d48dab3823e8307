import { API, AUTH_MESSAGES as V, AUTH_SERVER_MESSAGES as M, ErrorCode } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink.ts';
import { MAIL_SUBJECTS } from './auth.mails.ts';

const STRONG = 'Hien-Mau@2026x';
let n = 0;
const fresh = () => {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return { username: `nguoi_${id}`, email: `nguoi_${id}@example.vn`, password: STRONG };
};

/** The sign-up link of a verification mail, as a path the app can be asked for. */
function linkOf(mail: ReceivedMail): string {
  const m = /https?:\/\/[^\s/]+(\/auth\/verify-email\?token=[\w-]+)/.exec(mail.text);
  if (!m) throw new Error('no verification link in the mail');
  return m[1]!;
}

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('sign-up, verification and validation on %s', (kind) => {
  let t: TestContext;
  let sink: SmtpSink;
  // Each test registers from its own address so the per-IP sign-up limit stays out of the way.
  let ipN = 0;
  const ip = () => `10.1.0.${++ipN}`;
  const post = (url: string, payload: unknown, remoteAddress = ip()) =>
    t.request({ method: 'POST', url, payload, remoteAddress });
  const put = (url: string, payload: unknown, headers: Record<string, string>) =>
    t.request({ method: 'PUT', url, payload, headers });
  const mailTo = (to: string, subject: string) =>
    sink.waitFor((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('every validation message of spec section 5 comes back from the server', () => {
    const longEmail = `${'a'.repeat(45)}@x.com`;
    it.each([
      [API.authLogin, { username: '', password: 'x' }, V.usernameRequired],
      [API.authLogin, { username: '   ', password: 'x' }, V.usernameRequired],
      [API.authLogin, { username: 'a'.repeat(51), password: 'x' }, V.usernameTooLong],
      [API.authLogin, { username: 'an', password: '' }, V.passwordRequired],
      [API.authLogin, { username: 'an', password: '   ' }, V.passwordRequired],
      [API.authLogin, { username: 'an', password: 'x'.repeat(51) }, V.passwordMax],
      [API.authRegister, { email: '', username: 'an', password: STRONG }, V.emailRequired],
      [API.authRegister, { email: '  ', username: 'an', password: STRONG }, V.emailRequired],
      [API.authRegister, { email: 'khong-phai-email', username: 'an', password: STRONG }, V.emailInvalid],
      [API.authRegister, { email: longEmail, username: 'an', password: STRONG }, V.emailTooLong],
      [API.authRegister, { email: 'an@example.vn', username: ' ', password: STRONG }, V.usernameRequired],
      [
        API.authRegister,
        { email: 'an@example.vn', username: 'a'.repeat(51), password: STRONG },
        V.usernameTooLong,
      ],
      [API.authRegister, { email: 'an@example.vn', username: 'an', password: 'Ab1@xyz' }, V.passwordMin],
      [
        API.authRegister,
        { email: 'an@example.vn', username: 'an', password: `Ab1@${'x'.repeat(47)}` },
        V.passwordMax,
      ],
      [API.authRegister, { email: 'an@example.vn', username: 'an', password: 'ABCDEF1@' }, V.passwordLower],
      [API.authRegister, { email: 'an@example.vn', username: 'an', password: 'abcdef1@' }, V.passwordUpper],
      [API.authRegister, { email: 'an@example.vn', username: 'an', password: 'Abcdefg@' }, V.passwordDigit],
      [API.authRegister, { email: 'an@example.vn', username: 'an', password: 'Abcdefg1' }, V.passwordSpecial],
      // '#' is not one of the allowed special characters @ $ ! % * ? &.
      [
        API.authRegister,
        { email: 'an@example.vn', username: 'an', password: 'Abcdefg1#' },
        V.passwordSpecial,
      ],
      [API.authForgotPassword, { email: '' }, V.gmailRequired],
      [API.authForgotPassword, { email: 'khong-phai-email' }, V.emailInvalid],
      [API.authVerifyOtp, { email: 'an@example.vn', otp: '12345' }, V.otpSixDigits],
      [API.authVerifyOtp, { email: 'an@example.vn', otp: '12a456' }, V.otpSixDigits],
      [API.authVerifyOtp, { email: 'an@example.vn', otp: '1234567' }, V.otpSixDigits],
      [API.authResendVerification, { email: '' }, V.resendEmailRequired],
      [API.authResendVerification, { email: 'khong-phai-email' }, V.emailInvalid],
      [
        API.authResetPassword,
        { email: 'an@example.vn', resetToken: 'x', newPassword: 'Ab1@', confirmPassword: 'Ab1@' },
        V.passwordMin,
      ],
      [
        API.authResetPassword,
        { email: 'an@example.vn', resetToken: 'x', newPassword: 'abcdef1@', confirmPassword: 'abcdef1@' },
        V.passwordUpper,
      ],
      [
        API.authResetPassword,
        { email: 'an@example.vn', resetToken: 'x', newPassword: STRONG, confirmPassword: `${STRONG}!` },
        V.confirmMismatch,
      ],
      [
        API.authResetPassword,
        { email: 'an@example.vn', resetToken: 'x', newPassword: STRONG, confirmPassword: 'Ab1@' },
        V.passwordMin,
      ],
    ])('POST %s %j → %s', async (url, payload, message) => {
      const res = await post(url, payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.VALIDATION, message });
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    });

    it.each([
      [{ oldPassword: '', newPassword: STRONG }, V.oldPasswordRequired],
      [{ oldPassword: 'x', newPassword: 'Ab1@' }, V.passwordMin],
      [{ oldPassword: 'x', newPassword: `Ab1@${'x'.repeat(47)}` }, V.passwordMax],
      [{ oldPassword: 'x', newPassword: 'ABCDEF1@' }, V.passwordLower],
      [{ oldPassword: 'x', newPassword: 'abcdef1@' }, V.passwordUpper],
      [{ oldPassword: 'x', newPassword: 'Abcdefg@' }, V.passwordDigit],
      [{ oldPassword: 'x', newPassword: 'Abcdefg1' }, V.passwordSpecial],
    ])('PUT change-password %j → %s', async (payload, message) => {
      const user = await createUser(t);
      const { accessToken } = await login(t, user.username, user.password);
      const res = await put(API.authChangePassword, payload, { authorization: `Bearer ${accessToken}` });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    });
  });

  it('registers, answers data.message, mails a Vietnamese link that verifies once, then login works', async () => {
    const u = fresh();
    const res = await post(API.authRegister, { ...u, username: `  ${u.username}  `, email: ` ${u.email} ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: M.registerSuccess,
      data: { message: M.registerSuccess },
    });

    const mail = await mailTo(u.email, MAIL_SUBJECTS.verification);
    expect(mail.text).toContain(`Xin chào ${u.username},`);
    expect(mail.text).toContain('Liên kết có hiệu lực trong 24 giờ và chỉ dùng được một lần.');
    expect(mail.html).toContain('Xác thực tài khoản');
    const link = linkOf(mail);
    expect(mail.text).toContain(`http://portal.test${link}`);

    // Not verified yet: the right password is refused with the reason.
    const early = await post(API.authLogin, { username: u.username, password: u.password });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: ErrorCode.EMAIL_NOT_VERIFIED, message: M.emailNotVerified });

    const opened = await t.request({ method: 'GET', url: link });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/verification?status=success');

    const again = await t.request({ method: 'GET', url: link });
    expect(again.headers.location).toBe('/verification?status=failed');

    const ok = await post(API.authLogin, { username: u.username, password: u.password });
    expect(ok.status).toBe(200);
  });

  it('a link expires after 24 hours (fixed clock)', async () => {
    const u = fresh();
    await post(API.authRegister, u);
    const link = linkOf(await mailTo(u.email, MAIL_SUBJECTS.verification));
    t.clock.advance(24 * 3600_000 + 1000);
    try {
      const res = await t.request({ method: 'GET', url: link });
      expect(res.headers.location).toBe('/verification?status=failed');
      const login = await post(API.authLogin, { username: u.username, password: u.password });
      expect(login.body.message).toBe(M.emailNotVerified);
    } finally {
      t.clock.advance(-(24 * 3600_000 + 1000));
    }
  });

  it('an unknown or tampered token lands on the failed page', async () => {
    for (const url of [
      API.authVerifyEmail,
      `${API.authVerifyEmail}?token=abc`,
      `${API.authVerifyEmail}?token=${'x'.repeat(43)}`,
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/verification?status=failed');
    }
  });

  it('refuses a taken username, whatever its case, with a clear message', async () => {
    const u = fresh();
    expect((await post(API.authRegister, u)).status).toBe(200);

    const sameName = await post(API.authRegister, { ...fresh(), username: u.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: M.usernameTaken,
      errors: [{ field: 'username', message: M.usernameTaken }],
    });
    // Both taken: only the username is said.
    const both = await post(API.authRegister, { ...u, password: STRONG });
    expect(both.body.errors).toEqual([{ field: 'username', message: M.usernameTaken }]);
  });

  it('answers a taken e-mail as a new sign-up and mails its owner instead', async () => {
    const owner = await createUser(t);
    const stranger = { ...fresh(), email: owner.email.toUpperCase() };
    const taken = await post(API.authRegister, stranger);
    const brandNew = await post(API.authRegister, fresh());
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(brandNew.body);

    const notice = await mailTo(owner.email, MAIL_SUBJECTS.signUpAttempt);
    expect(notice.text).toContain(`Xin chào ${owner.username},`);
    expect(notice.text).toContain(
      'Có người vừa thử đăng ký một tài khoản Giọt Hồng mới bằng địa chỉ email này.',
    );
    expect(notice.text).toContain('http://portal.test/quen-mat-khau');
    // No account was made, and the owner's password still works.
    await expect(login(t, stranger.username, STRONG)).rejects.toThrow(/401/);
    await login(t, owner.username, owner.password);
    expect(
      sink.mails.filter((m) => m.subject === MAIL_SUBJECTS.verification && m.to.includes(owner.email)),
    ).toEqual([]);
  });

  it.each(['Password1@', 'Admin@123', 'P@ssw0rd', 'Matkhau@123', 'PASSWORd1@', 'Abc@12345', 'Qwerty@123'])(
    'refuses the common password %s although it meets the strength rules',
    async (password) => {
      const res = await post(API.authRegister, { ...fresh(), password });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: M.passwordTooCommon,
        errors: [{ field: 'password', message: M.passwordTooCommon }],
      });
    },
  );

  it('resend-verification: same answer for unknown, unverified and verified e-mails; mails only the unverified', async () => {
    const u = fresh();
    await post(API.authRegister, u);
    const first = linkOf(await mailTo(u.email, MAIL_SUBJECTS.verification));
    const verified = await createUser(t);

    const answers = [];
    for (const email of [u.email, 'khong-ai-ca@example.vn', verified.email]) {
      const res = await post(API.authResendVerification, { email });
      answers.push([res.status, res.body]);
    }
    const expected = [200, { success: true, message: M.resendSent, data: { message: M.resendSent } }];
    expect(answers).toEqual([expected, expected, expected]);

    await sink.waitFor(
      (m) => m.to.includes(u.email) && m.subject === MAIL_SUBJECTS.verification && linkOf(m) !== first,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(
      sink.mails.filter((m) => m.to.includes(verified.email) || m.to.includes('khong-ai-ca@example.vn')),
    ).toEqual([]);

    // A second resend for the same e-mail within a minute is throttled, known or not.
    for (const email of [u.email, 'khong-ai-ca@example.vn']) {
      const res = await post(API.authResendVerification, { email });
      expect(res.status).toBe(429);
      // The clock is fixed, so the whole minute is left.
      expect(res.headers['retry-after']).toBe('60');
      expect(res.body).toMatchObject({
        code: ErrorCode.RATE_LIMITED,
        message: 'Bạn vừa yêu cầu gửi lại email. Vui lòng thử lại sau 1 phút.',
      });
    }
  });
});
