import { HONOUR_TEXTS, PAGES, PROFILE_TABS } from '@giot-hong/contract';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, escapeHtml } from '../../mail/templates.ts';

/** The congratulation on reaching a milestone, with a link to the donor's record. */
export function milestoneMail(
  owner: { email: string; username: string },
  milestone: number,
  publicUrl: string,
): OutgoingMail {
  const subject = HONOUR_TEXTS.notificationTitle(milestone);
  const link = `${publicUrl}${PAGES.profile}#${PROFILE_TABS.record}`;
  return {
    to: owner.email,
    subject,
    text:
      `Xin chào ${owner.username},\n\nBạn đã hiến máu ${milestone} lần. Hội Chữ thập đỏ trân trọng cảm ơn tấm lòng của bạn.\n` +
      `Xem các mốc vinh danh của bạn: ${link}\n\nGiọt Hồng`,
    html: brandedLayout(
      subject,
      `<p>Xin chào ${escapeHtml(owner.username)},</p><p>Bạn đã hiến máu <strong>${milestone} lần</strong>. Hội Chữ thập đỏ trân trọng cảm ơn tấm lòng của bạn.</p>` +
        `<p><a href="${link}">Xem các mốc vinh danh của bạn</a></p><p>Giọt Hồng</p>`,
    ),
  };
}
