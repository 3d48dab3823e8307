import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, escapeHtml } from '../../mail/templates.ts';

/** A notification of the identity review (its title, sanitised HTML content and profile link). */
export type IdentityNotice = { title: string; content: string; link: string | null };

/**
 * The mail that repeats an identity-review notification (verified, rejected, asked again): the
 * notification's own content, already sanitised HTML, and a link to the donor's profile. The
 * plain-text part is that content without its tags.
 */
export function identityDecisionMail(
  to: { email: string; username: string },
  text: IdentityNotice,
  publicUrl: string,
): OutgoingMail {
  const body = text.content.replace(/<\/p>/g, '\n').replace(/<[^>]+>/g, '');
  return {
    to: to.email,
    subject: text.title,
    text: `Xin chào ${to.username},\n\n${body}\nHồ sơ của bạn: ${publicUrl}${text.link ?? ''}\n\nGiọt Hồng`,
    html: brandedLayout(
      text.title,
      `<p>Xin chào ${escapeHtml(to.username)},</p>${text.content}<p>Hồ sơ của bạn: <a href="${publicUrl}${text.link ?? ''}">${publicUrl}${text.link ?? ''}</a></p><p>Giọt Hồng</p>`,
    ),
  };
}
