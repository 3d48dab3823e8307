import { APPEAL_PAGES, APPEAL_TEXTS, appealGroupsLabel } from '@giot-hong/contract';
import { formatVnDate } from '../../lib/vn-time.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, buttonLink, escapeHtml } from '../../mail/templates.ts';
import { formatVnTime } from '../notifications/notification.texts.ts';
import type { AppealWithCampaign } from './appeal.repository.ts';

/** The appeal's title as the notification and the e-mail say it: 'Lời kêu gọi hiến máu: cần nhóm máu O−, A−'. */
export const appealNotificationTitle = (a: Pick<AppealWithCampaign, 'groups'>) =>
  APPEAL_TEXTS.notificationTitle(appealGroupsLabel(a.groups));

/** Groups, place, time and end of registrations, as label and plain text. */
function appealFacts(a: AppealWithCampaign): [string, string][] {
  const c = a.campaign;
  return [
    [APPEAL_TEXTS.groupsNeeded, appealGroupsLabel(a.groups)],
    [APPEAL_TEXTS.place, `${c.name}, ${c.location}`],
    [
      APPEAL_TEXTS.time,
      `${formatVnTime(c.startReceiveTime)} - ${formatVnTime(c.endReceiveTime)} ngày ${formatVnDate(c.organizeTime)}`,
    ],
    [APPEAL_TEXTS.endsAt, `${formatVnTime(a.endsAt)} ngày ${formatVnDate(a.endsAt)}`],
  ];
}

/** Staff's plain text as HTML: escaped, one paragraph per blank-line block, line breaks kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const factsHtml = (a: AppealWithCampaign) =>
  `<ul>${appealFacts(a)
    .map(([label, value]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`)
    .join('')}</ul>`;

/** The in-app notification's content (HTML whose every text is escaped). */
export function appealNotificationContent(a: AppealWithCampaign): string {
  return `<p><strong>${escapeHtml(a.title)}</strong></p>${paragraphs(a.message)}${factsHtml(a)}`;
}

/** The appeal by e-mail, with a link to its page (where the donor answers). */
export function appealMail(
  to: { email: string; username: string },
  a: AppealWithCampaign,
  publicUrl: string,
): OutgoingMail {
  const subject = appealNotificationTitle(a);
  const link = `${publicUrl}${APPEAL_PAGES.appeal(a.id)}`;
  const facts = appealFacts(a)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  return {
    to: to.email,
    subject,
    text:
      `Xin chào ${to.username},\n\n${a.title}\n\n${a.message}\n\n${facts}\n\n` +
      `${APPEAL_TEXTS.coming} / ${APPEAL_TEXTS.notThisTime}: ${link}\n\nGiọt Hồng`,
    html: brandedLayout(
      subject,
      `<p>Xin chào ${escapeHtml(to.username)},</p>${appealNotificationContent(a)}` +
        buttonLink(link, APPEAL_TEXTS.coming) +
        '<p>Giọt Hồng</p>',
    ),
  };
}
