import { API, AUTH_SERVER_MESSAGES as M, ErrorCode } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink.ts';
import { MAIL_SUBJECTS } from './auth.mails.ts';

const NEW_PASSWORD = 'Mat-Khau@Moi2026';

const codeOf = (mail: ReceivedMail) => {
  const m = /Mã xác nhận của bạn là: (\d{6})/.exec(mail.text);
  if (!m) throw new Error('no code in the mail');
  return m[1]!;
};

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('password change and recovery on %s', (kind) => {
  let t: TestContext;
  let sink: SmtpSink;
  let ipN = 0;
  const ip = () => `10.3.0.${++ipN}`;
  const post = (url: string, payload: unknown) =>
    t.request({ method: 'POST', url, payload, remoteAddress: ip() });
  const me = (token: string) =>
    t.request({ method: 'GET', url: API.authMe, headers: { authorization: `Bearer ${token}` } });
  const refresh = (token: string) =>
    t.request({ method: 'GET', url: API.authRefreshToken, headers: { authorization: `Bearer ${token}` } });
  /** Codes mailed to `email` so far, oldest first. */
  const codesFor = (email: string) =>
    sink.mails.filter((m) => m.to.includes(email) && m.subject === MAIL_SUBJECTS.resetCode).map(codeOf);
  async function nextCode(email: string, already: number): Promise<string> {
    await sink.waitFor(() => codesFor(email).length > already);
    return codesFor(email)[already]!;
  }
  /** Moves the fixed clock past the 300 s between two codes of one e-mail. */
  const waitResendCountdown = () => t.clock.advance(300_000);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('change password', () => {
    it('checks the old password, answers the message, ends every other login but this one, and mails a notice', async () => {
      const user = await createUser(t);
      const mine = await login(t, user.username, user.password);
      const other = await login(t, user.username, user.password);
      const auth = { authorization: `Bearer ${mine.accessToken}` };

      const wrong = await t.request({
        method: 'PUT',
        url: API.authChangePassword,
        headers: auth,
        payload: { oldPassword: 'Sai@Mat-Khau1', newPassword: NEW_PASSWORD },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        message: M.oldPasswordWrong,
        errors: [{ field: 'oldPassword', message: M.oldPasswordWrong }],
      });

      const same = await t.request({
        method: 'PUT',
        url: API.authChangePassword,
        headers: auth,
        payload: { oldPassword: user.password, newPassword: user.password },
      });
      expect(same.body.message).toBe(M.samePassword);

      const common = await t.request({
        method: 'PUT',
        url: API.authChangePassword,
        headers: auth,
        payload: { oldPassword: user.password, newPassword: 'Admin@123' },
      });
      expect(common.body.message).toBe(M.passwordTooCommon);

      const res = await t.request({
        method: 'PUT',
        url: API.authChangePassword,
        headers: auth,
        payload: { oldPassword: user.password, newPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: M.changeSuccess,
        data: { message: M.changeSuccess },
      });

      expect((await me(mine.accessToken)).status).toBe(200);
      expect((await refresh(mine.refreshToken)).status).toBe(200);
      expect((await me(other.accessToken)).status).toBe(401);
      expect((await refresh(other.refreshToken)).status).toBe(401);

      const failed = await t.request({
        method: 'POST',
        url: API.authLogin,
        payload: { username: user.username, password: user.password },
        remoteAddress: ip(),
      });
      expect(failed.status).toBe(401);
      await login(t, user.username, NEW_PASSWORD);
      const notice = await sink.waitFor(
        (m) => m.to.includes(user.email) && m.subject === MAIL_SUBJECTS.passwordChanged,
      );
      expect(notice.text).toContain('Mật khẩu tài khoản Giọt Hồng của bạn vừa được thay đổi.');
    });

    it('needs a valid access token; a refresh token does not do', async () => {
      const user = await createUser(t);
      const tokens = await login(t, user.username, user.password);
      for (const authorization of [undefined, `Bearer ${tokens.refreshToken}`]) {
        const res = await t.request({
          method: 'PUT',
          url: API.authChangePassword,
          headers: authorization ? { authorization } : {},
          payload: { oldPassword: user.password, newPassword: NEW_PASSWORD },
        });
        expect(res.status).toBe(401);
      }
    });
  });

  describe('forgot password → code → reset', () => {
    it('the whole recovery: same answer as an unknown e-mail, a mailed 6-digit code, a single-use reset token, every login ended', async () => {
      const user = await createUser(t);
      const before = await login(t, user.username, user.password);

      const known = await post(API.authForgotPassword, { email: user.email.toUpperCase() });
      const unknown = await post(API.authForgotPassword, { email: 'khong-ai-ca@example.vn' });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ success: true, message: M.forgotSent, data: { message: M.forgotSent } });
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);

      const code = await nextCode(user.email, 0);
      expect(code).toMatch(/^\d{6}$/);
      const mail = sink.mails.find(
        (m) => m.subject === MAIL_SUBJECTS.resetCode && m.to.includes(user.email),
      )!;
      expect(mail.text).toContain('Mã có hiệu lực trong 10 phút.');
      expect(mail.html).toContain(code);

      const verified = await post(API.authVerifyOtp, { email: user.email, otp: code });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({
        success: true,
        message: M.otpVerified,
        data: { expiresIn: 900 },
      });
      const resetToken: string = verified.body.data.resetToken;

      // The code is spent once it became a reset token.
      expect((await post(API.authVerifyOtp, { email: user.email, otp: code })).body.message).toBe(
        M.otpInvalid,
      );

      const common = await post(API.authResetPassword, {
        email: user.email,
        resetToken,
        newPassword: 'Password1@',
        confirmPassword: 'Password1@',
      });
      expect(common.body.message).toBe(M.passwordTooCommon);

      const wrongToken = await post(API.authResetPassword, {
        email: user.email,
        resetToken: `${resetToken}x`,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(wrongToken.status).toBe(400);
      expect(wrongToken.body.message).toBe(M.resetTokenInvalid);

      const done = await post(API.authResetPassword, {
        email: user.email,
        resetToken,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        success: true,
        message: M.resetSuccess,
        data: { message: M.resetSuccess },
      });

      const reused = await post(API.authResetPassword, {
        email: user.email,
        resetToken,
        newPassword: 'Lan-Nua@2026x',
        confirmPassword: 'Lan-Nua@2026x',
      });
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ code: ErrorCode.VALIDATION, message: M.resetTokenInvalid });

      expect((await me(before.accessToken)).status).toBe(401);
      expect((await refresh(before.refreshToken)).status).toBe(401);
      await login(t, user.username, NEW_PASSWORD);
    });

    it('a code expires after 10 minutes; a reset token after 15', async () => {
      const user = await createUser(t);
      await post(API.authForgotPassword, { email: user.email });
      const code = await nextCode(user.email, 0);
      t.clock.advance(10 * 60_000);
      expect((await post(API.authVerifyOtp, { email: user.email, otp: code })).body.message).toBe(
        M.otpInvalid,
      );

      await post(API.authForgotPassword, { email: user.email });
      const second = await nextCode(user.email, 1);
      const res = await post(API.authVerifyOtp, { email: user.email, otp: second });
      expect(res.status).toBe(200);
      t.clock.advance(15 * 60_000);
      const late = await post(API.authResetPassword, {
        email: user.email,
        resetToken: res.body.data.resetToken,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(late.body.message).toBe(M.resetTokenInvalid);
      await login(t, user.username, user.password);
    });

    it('five wrong tries kill the code, even the right one after them; a new code (after 300 s) gets five new tries', async () => {
      const user = await createUser(t);
      await post(API.authForgotPassword, { email: user.email });
      const code = await nextCode(user.email, 0);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await post(API.authVerifyOtp, { email: user.email, otp: wrong });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(M.otpInvalid);
      }
      const locked = await post(API.authVerifyOtp, { email: user.email, otp: code });
      expect(locked.status).toBe(400);
      expect(locked.body.message).toBe(M.otpLocked);

      // An unknown e-mail behaves the same way (nothing tells the two apart).
      for (let i = 0; i < 5; i++)
        expect(
          (await post(API.authVerifyOtp, { email: 'khong-ai-ca@example.vn', otp: wrong })).body.message,
        ).toBe(M.otpInvalid);
      expect(
        (await post(API.authVerifyOtp, { email: 'khong-ai-ca@example.vn', otp: wrong })).body.message,
      ).toBe(M.otpLocked);

      waitResendCountdown();
      await post(API.authForgotPassword, { email: user.email });
      const next = await nextCode(user.email, 1);
      expect(
        (await post(API.authVerifyOtp, { email: user.email, otp: wrong === next ? code : wrong })).body
          .message,
      ).toBe(M.otpInvalid);
      expect((await post(API.authVerifyOtp, { email: user.email, otp: next })).status).toBe(200);
    });

    it('a new code only after 300 s: 429 with Retry-After and a Vietnamese message, for known and unknown e-mails alike', async () => {
      const user = await createUser(t);
      await post(API.authForgotPassword, { email: user.email });
      await post(API.authForgotPassword, { email: 'ai-do@example.vn' });
      t.clock.advance(100_000);
      for (const email of [user.email, 'ai-do@example.vn']) {
        const res = await post(API.authForgotPassword, { email });
        expect(res.status).toBe(429);
        expect(res.headers['retry-after']).toBe('200');
        expect(res.body).toMatchObject({
          success: false,
          code: ErrorCode.RATE_LIMITED,
          message: 'Vui lòng đợi 4 phút trước khi yêu cầu mã mới.',
        });
      }
      t.clock.advance(200_000);
      expect((await post(API.authForgotPassword, { email: user.email })).status).toBe(200);
      await nextCode(user.email, 1);
    });

    it('resend-verification sends a new code while a recovery is open (the code page uses it), within the same 300 s rule', async () => {
      const user = await createUser(t);
      await post(API.authForgotPassword, { email: user.email });
      const first = await nextCode(user.email, 0);
      t.clock.advance(60_000);
      // Inside the countdown: the same calm answer, no new code.
      const early = await post(API.authResendVerification, { email: user.email });
      expect(early.body.message).toBe(M.resendSent);
      t.clock.advance(240_000);
      const res = await post(API.authResendVerification, { email: user.email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(M.resendSent);
      const second = await nextCode(user.email, 1);
      expect(codesFor(user.email)).toHaveLength(2);
      // The new code replaces the old one.
      if (second !== first)
        expect((await post(API.authVerifyOtp, { email: user.email, otp: first })).body.message).toBe(
          M.otpInvalid,
        );
      expect((await post(API.authVerifyOtp, { email: user.email, otp: second })).status).toBe(200);
    });

    it('a reset proves the mailbox: an unverified account becomes verified', async () => {
      const user = await createUser(t, { verified: false });
      await post(API.authForgotPassword, { email: user.email });
      const code = await nextCode(user.email, 0);
      const { resetToken } = (await post(API.authVerifyOtp, { email: user.email, otp: code })).body.data;
      await post(API.authResetPassword, {
        email: user.email,
        resetToken,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      await login(t, user.username, NEW_PASSWORD);
    });
  });
});
