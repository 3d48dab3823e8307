import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, escapeHtml } from '../../mail/templates.ts';

/**
 * The mail a booked donor gets when staff cancel the campaign: the campaign, its day (`when`, as
 * the donor reads it), the staff's reason and a link to find another campaign.
 */
export function campaignCancelledMail(
  owner: { email: string; username: string },
  campaign: { name: string; location: string },
  when: string,
  reason: string,
  publicUrl: string,
): OutgoingMail {
  const subject = `Chiến dịch "${campaign.name}" đã bị hủy`;
  return {
    to: owner.email,
    subject,
    text:
      `Xin chào ${owner.username},\n\nChiến dịch hiến máu "${campaign.name}" ngày ${when} tại ${campaign.location} đã bị hủy, lịch hẹn của bạn cũng được hủy theo.\n` +
      `Lý do: ${reason}\n\nMong bạn đăng ký tham gia một chiến dịch khác: ${publicUrl}\n\nGiọt Hồng`,
    html: brandedLayout(
      subject,
      `<p>Xin chào ${escapeHtml(owner.username)},</p><p>Chiến dịch hiến máu <strong>${escapeHtml(campaign.name)}</strong> ngày ${when} tại ${escapeHtml(campaign.location)} đã bị hủy, lịch hẹn của bạn cũng được hủy theo.</p>` +
        `<p>Lý do: ${escapeHtml(reason)}</p><p>Mong bạn đăng ký tham gia một chiến dịch khác: <a href="${publicUrl}">${publicUrl}</a></p><p>Giọt Hồng</p>`,
    ),
  };
}
