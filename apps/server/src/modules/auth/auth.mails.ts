import { AUTH_LIMITS } from '@giot-hong/contract';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, escapeHtml } from '../../mail/templates.ts';

/** The account mails, in Vietnamese, each with an HTML and a plain-text part. */

export const MAIL_SUBJECTS = {
  verification: 'Xác thực tài khoản Giọt Hồng',
  resetCode: 'Mã xác nhận đặt lại mật khẩu Giọt Hồng',
  passwordChanged: 'Mật khẩu tài khoản Giọt Hồng đã được thay đổi',
  signUpAttempt: 'Có người vừa dùng email của bạn để đăng ký tài khoản Giọt Hồng',
} as const;

export function verificationMail(to: string, username: string, link: string): OutgoingMail {
  const hours = AUTH_LIMITS.verificationLinkHours;
  const html = brandedLayout(
    MAIL_SUBJECTS.verification,
    `<p>Xin chào <strong>${escapeHtml(username)}</strong>,</p>
    <p>Cảm ơn bạn đã đăng ký tài khoản tại Giọt Hồng. Vui lòng nhấn vào nút bên dưới để xác thực địa chỉ email và kích hoạt tài khoản của bạn.</p>
    <p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#c8102e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">Xác thực tài khoản</a></p>
    <p>Hoặc mở liên kết sau: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
    <p>Liên kết có hiệu lực trong ${hours} giờ và chỉ dùng được một lần.</p>
    <p>Nếu bạn không đăng ký tài khoản, hãy bỏ qua email này.</p>`,
  );
  const text = [
    `Xin chào ${username},`,
    '',
    'Cảm ơn bạn đã đăng ký tài khoản tại Giọt Hồng. Vui lòng mở liên kết sau để xác thực địa chỉ email và kích hoạt tài khoản của bạn:',
    '',
    link,
    '',
    `Liên kết có hiệu lực trong ${hours} giờ và chỉ dùng được một lần.`,
    'Nếu bạn không đăng ký tài khoản, hãy bỏ qua email này.',
  ].join('\n');
  return { to, subject: MAIL_SUBJECTS.verification, html, text };
}

export function resetCodeMail(to: string, username: string, code: string): OutgoingMail {
  const minutes = AUTH_LIMITS.otpValidSeconds / 60;
  const html = brandedLayout(
    MAIL_SUBJECTS.resetCode,
    `<p>Xin chào <strong>${escapeHtml(username)}</strong>,</p>
    <p>Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Mã xác nhận của bạn là:</p>
    <p style="margin:24px 0;font-size:32px;font-weight:bold;letter-spacing:8px;color:#c8102e">${code}</p>
    <p>Mã có hiệu lực trong ${minutes} phút. Không chia sẻ mã này với bất kỳ ai.</p>
    <p>Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này; mật khẩu của bạn vẫn giữ nguyên.</p>`,
  );
  const text = [
    `Xin chào ${username},`,
    '',
    'Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn.',
    `Mã xác nhận của bạn là: ${code}`,
    '',
    `Mã có hiệu lực trong ${minutes} phút. Không chia sẻ mã này với bất kỳ ai.`,
    'Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này; mật khẩu của bạn vẫn giữ nguyên.',
  ].join('\n');
  return { to, subject: MAIL_SUBJECTS.resetCode, html, text };
}

export function passwordChangedMail(to: string, username: string, forgotLink: string): OutgoingMail {
  const html = brandedLayout(
    MAIL_SUBJECTS.passwordChanged,
    `<p>Xin chào <strong>${escapeHtml(username)}</strong>,</p>
    <p>Mật khẩu tài khoản Giọt Hồng của bạn vừa được thay đổi. Các phiên đăng nhập khác đã được đăng xuất.</p>
    <p>Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay tại <a href="${escapeHtml(forgotLink)}">${escapeHtml(forgotLink)}</a>.</p>`,
  );
  const text = [
    `Xin chào ${username},`,
    '',
    'Mật khẩu tài khoản Giọt Hồng của bạn vừa được thay đổi. Các phiên đăng nhập khác đã được đăng xuất.',
    `Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay tại ${forgotLink}`,
  ].join('\n');
  return { to, subject: MAIL_SUBJECTS.passwordChanged, html, text };
}

/**
 * Sent instead of an answer 'e-mail taken': sign-up says the same for a taken e-mail as for a new
 * one, and the address's owner learns of the attempt.
 */
export function signUpAttemptMail(
  to: string,
  username: string,
  loginLink: string,
  forgotLink: string,
): OutgoingMail {
  const html = brandedLayout(
    MAIL_SUBJECTS.signUpAttempt,
    `<p>Xin chào <strong>${escapeHtml(username)}</strong>,</p>
    <p>Có người vừa thử đăng ký một tài khoản Giọt Hồng mới bằng địa chỉ email này. Địa chỉ đã thuộc về tài khoản của bạn nên không có tài khoản mới nào được tạo.</p>
    <p>Nếu đó là bạn: hãy <a href="${escapeHtml(loginLink)}">đăng nhập</a> bằng tài khoản hiện có, hoặc đặt lại mật khẩu tại <a href="${escapeHtml(forgotLink)}">${escapeHtml(forgotLink)}</a> nếu bạn quên mật khẩu.</p>
    <p>Nếu không phải bạn, hãy bỏ qua email này; tài khoản của bạn vẫn an toàn.</p>`,
  );
  const text = [
    `Xin chào ${username},`,
    '',
    'Có người vừa thử đăng ký một tài khoản Giọt Hồng mới bằng địa chỉ email này. Địa chỉ đã thuộc về tài khoản của bạn nên không có tài khoản mới nào được tạo.',
    '',
    `Nếu đó là bạn: hãy đăng nhập bằng tài khoản hiện có (${loginLink}), hoặc đặt lại mật khẩu tại ${forgotLink} nếu bạn quên mật khẩu.`,
    'Nếu không phải bạn, hãy bỏ qua email này; tài khoản của bạn vẫn an toàn.',
  ].join('\n');
  return { to, subject: MAIL_SUBJECTS.signUpAttempt, html, text };
}
