import { API, AUTH_SERVER_MESSAGES as M } from '@giot-hong/contract';
import { DEMO_PASSWORDS } from '@giot-hong/contract/password-strength';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { createStaffService } from '../staff/staff.service.ts';
import { MAIL_SUBJECTS } from './auth.mails.ts';

/** The person every refused password is tried for. */
const PERSON = { username: 'hoabinh88', email: 'tuyet.mai@example.vn' };

/**
 * Passwords that meet the character rules and are still guessed at once: the review's
 * examples, a name with a year, the site's name, the demo passwords (and, below, ones built from
 * the person's own username and e-mail).
 */
const GUESSABLE = [
  'Aaaaaaa1!',
  'Aa1!Aa1!',
  '12345678Aa!',
  'Linh@1997',
  'GiotHong@2026',
  ...Object.values(DEMO_PASSWORDS),
];
const GOOD = 'Sen-Vang-7!kq';

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('guessable passwords are refused on %s', (kind) => {
  let t: TestContext;
  let sink: SmtpSink;
  let ipN = 0;
  const post = (url: string, payload: unknown) =>
    t.request({
      method: 'POST',
      url,
      payload,
      remoteAddress: `10.7.${Math.floor(++ipN / 200)}.${ipN % 200}`,
    });
  const refused = (field: string) => ({
    success: false,
    code: 'VALIDATION',
    message: M.passwordTooCommon,
    errors: [{ field, message: M.passwordTooCommon }],
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('at sign-up', async () => {
    for (const password of [...GUESSABLE, 'Hoabinh88@x!', 'Tuyet.Mai@2024']) {
      const res = await post(API.authRegister, { ...PERSON, password });
      expect(res.status, password).toBe(400);
      expect(res.body, password).toMatchObject(refused('password'));
    }
    // The same password built from someone else's name is fine for another person.
    const other = await post(API.authRegister, {
      username: 'nguoikhac',
      email: 'nguoi.khac@example.vn',
      password: 'Hoabinh88@x!',
    });
    expect(other.status).toBe(200);
    expect((await post(API.authRegister, { ...PERSON, password: GOOD })).status).toBe(200);
  });

  it('at password change', async () => {
    const user = await createUser(t, { username: 'hoabinh89', email: 'tuyet.mai89@example.vn' });
    const { accessToken } = await login(t, user.username, user.password);
    const change = (newPassword: string) =>
      t.request({
        method: 'PUT',
        url: API.authChangePassword,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { oldPassword: user.password, newPassword },
      });
    for (const password of [...GUESSABLE, 'Hoabinh89@x!', 'Tuyet.Mai89@24']) {
      const res = await change(password);
      expect(res.status, password).toBe(400);
      expect(res.body, password).toMatchObject(refused('newPassword'));
    }
    expect((await change(GOOD)).status).toBe(200);
  });

  it('at password reset, without spending the reset token', async () => {
    const user = await createUser(t, { username: 'hoabinh90', email: 'tuyet.mai90@example.vn' });
    expect((await post(API.authForgotPassword, { email: user.email })).status).toBe(200);
    const mail = await sink.waitFor(
      (m) => m.to.includes(user.email) && m.subject === MAIL_SUBJECTS.resetCode,
    );
    const otp = /Mã xác nhận của bạn là: (\d{6})/.exec(mail.text)![1]!;
    const verified = await post(API.authVerifyOtp, { email: user.email, otp });
    const resetToken: string = verified.body.data.resetToken;
    const reset = (newPassword: string) =>
      post(API.authResetPassword, {
        email: user.email,
        resetToken,
        newPassword,
        confirmPassword: newPassword,
      });
    // 'Hoabinh90@x!' is refused only once the token proved who asks (the username is not said before).
    for (const password of [...GUESSABLE, 'Hoabinh90@x!', 'Tuyet.Mai90@24']) {
      const res = await reset(password);
      expect(res.status, password).toBe(400);
      expect(res.body, password).toMatchObject(refused('newPassword'));
    }
    expect((await reset(GOOD)).status).toBe(200);
    await login(t, user.username, GOOD);
  });

  it('when a new staff member sets a password from the invitation link', async () => {
    const staff = createStaffService({
      repo: createStaffRepository(t.database.db),
      clock: t.clock,
      publicUrl: t.config.publicUrl,
    });
    const { link } = await staff.createAccount(
      { username: 'hoabinh91', email: 'tuyet.mai91@example.vn', role: 'STAFF' },
      null,
    );
    const params = new URLSearchParams(new URL(link).hash.slice(1));
    const set = (newPassword: string) =>
      post(API.authResetPassword, {
        email: params.get('email'),
        resetToken: params.get('token'),
        newPassword,
        confirmPassword: newPassword,
      });
    for (const password of [...GUESSABLE, 'Hoabinh91@x!', 'Tuyet.Mai91@24']) {
      const res = await set(password);
      expect(res.status, password).toBe(400);
      expect(res.body, password).toMatchObject(refused('newPassword'));
    }
    expect((await set(GOOD)).status).toBe(200);
    await login(t, 'hoabinh91', GOOD);
  });
});
