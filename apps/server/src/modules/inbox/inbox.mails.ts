import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, escapeHtml } from '../../mail/templates.ts';

/**
 * Staff's reply to a contact message or a feedback: their words, then the sender's message quoted
 * (as `> ` lines in the plain-text part), so the sender sees what is answered.
 */
export function inboxReplyMail(
  msg: { email: string; name: string; message: string },
  subject: string,
  body: string,
): OutgoingMail {
  const quoted = msg.message
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return {
    to: msg.email,
    subject,
    text: `Xin chào ${msg.name},\n\n${body}\n\nGiọt Hồng\n\n${quoted}`,
    html: brandedLayout(
      subject,
      `<p>Xin chào ${escapeHtml(msg.name)},</p><p style="white-space:pre-wrap">${escapeHtml(body)}</p><p>Giọt Hồng</p>` +
        `<blockquote style="white-space:pre-wrap;color:#555">${escapeHtml(msg.message)}</blockquote>`,
    ),
  };
}
