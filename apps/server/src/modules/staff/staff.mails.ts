import { STAFF_MESSAGES as M } from '@giot-hong/contract';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, escapeHtml } from '../../mail/templates.ts';

/**
 * The invitation of a new staff member: the set-password link (setPasswordLink) and how many
 * hours it stays valid. The username is escaped like every text in a mail, not stripped of
 * characters: it is shown as the member will type it.
 */
export function invitationMail(to: string, username: string, link: string, hours: number): OutgoingMail {
  return {
    to,
    subject: M.inviteSubject,
    text: `Xin chào ${username},\n\nBạn được mời tham gia quản trị cổng hiến máu Giọt Hồng. Hãy đặt mật khẩu cho tài khoản của bạn trong vòng ${hours} giờ:\n${link}\n\nGiọt Hồng`,
    html: brandedLayout(
      M.inviteSubject,
      `<p>Xin chào ${escapeHtml(username)},</p><p>Bạn được mời tham gia quản trị cổng hiến máu Giọt Hồng. Hãy đặt mật khẩu cho tài khoản của bạn trong vòng ${hours} giờ:</p><p><a href="${escapeHtml(link)}">Đặt mật khẩu</a></p><p>Giọt Hồng</p>`,
    ),
    devLinks: [link],
  };
}
