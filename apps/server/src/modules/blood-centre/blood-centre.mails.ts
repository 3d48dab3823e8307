import { PAGES, PROFILE_TABS, UNIT_ISSUED_MESSAGE, UNIT_JOURNEY_TEXTS } from '@giot-hong/contract';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, buttonLink, escapeHtml } from '../../mail/templates.ts';

/**
 * 'Your blood reached a hospital': the day of the donation and the hospital, nothing about a
 * patient. The link opens the donor's record, where the whole journey is.
 */
export function unitIssuedMail(
  owner: { email: string; username: string },
  donatedOn: string,
  hospital: string,
  publicUrl: string,
): OutgoingMail {
  const subject = UNIT_ISSUED_MESSAGE.title;
  const sentence = UNIT_ISSUED_MESSAGE.content(donatedOn, hospital);
  const link = `${publicUrl}${PAGES.profile}#${PROFILE_TABS.record}`;
  const thanks = 'Cảm ơn bạn đã hiến máu. Giọt máu của bạn đang góp phần cứu người.';
  return {
    to: owner.email,
    subject,
    text:
      `Xin chào ${owner.username},\n\n${sentence}\n${thanks}\n\n` +
      `${UNIT_JOURNEY_TEXTS.title}: ${link}\n\n` +
      'Bạn có thể tắt thư này trong Trang cá nhân › Tùy chọn thông báo.\n\nGiọt Hồng',
    html: brandedLayout(
      subject,
      `<p>Xin chào ${escapeHtml(owner.username)},</p><p>${escapeHtml(sentence)}</p><p>${escapeHtml(thanks)}</p>` +
        buttonLink(link, UNIT_JOURNEY_TEXTS.title) +
        '<p style="font-size:13px;color:#64748b">Bạn có thể tắt thư này trong Trang cá nhân › Tùy chọn thông báo.</p><p>Giọt Hồng</p>',
    ),
  };
}
