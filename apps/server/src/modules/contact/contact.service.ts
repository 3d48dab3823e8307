import type { TContactRequest } from '@giot-hong/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { VN_OFFSET_MS } from '../../lib/vn-time.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import type { ContactRepository } from './contact.repository.ts';
import { escapeHtml } from '../../mail/templates.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

/** One line, no control characters: the name goes into a mail subject. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** The notification the chapter's inbox receives for one contact message. */
export function contactMail(input: TContactRequest, inbox: string, receivedAt: Date): OutgoingMail {
  // dd/MM/yyyy HH:mm in Vietnam time, as the portal shows dates everywhere.
  const vn = new Date(receivedAt.getTime() + VN_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  const when = `${two(vn.getUTCDate())}/${two(vn.getUTCMonth() + 1)}/${vn.getUTCFullYear()} ${two(vn.getUTCHours())}:${two(vn.getUTCMinutes())}`;
  const name = oneLine(input.name);
  return {
    to: inbox,
    replyTo: input.email,
    subject: `Tin nhắn liên hệ mới từ ${name}`,
    text: [
      'Có tin nhắn mới gửi qua trang Liên hệ của Giọt Hồng.',
      '',
      `Họ và tên: ${name}`,
      `Email: ${input.email}`,
      `Thời gian: ${when}`,
      '',
      input.message,
      '',
      'Trả lời thư này để phản hồi trực tiếp người gửi.',
    ].join('\n'),
    html: [
      '<p>Có tin nhắn mới gửi qua trang Liên hệ của Giọt Hồng.</p>',
      `<p><strong>Họ và tên:</strong> ${escapeHtml(name)}<br>`,
      `<strong>Email:</strong> ${escapeHtml(input.email)}<br>`,
      `<strong>Thời gian:</strong> ${escapeHtml(when)}</p>`,
      `<blockquote style="white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>`,
      '<p>Trả lời thư này để phản hồi trực tiếp người gửi.</p>',
    ].join('\n'),
  };
}

export function createContactService(deps: {
  repo: ContactRepository;
  mailer: Mailer;
  inbox: string;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  return {
    /**
     * Stores the message, then mails it to the chapter. The row is what counts: if the mail
     * server is down the visitor still gets success, and `mailed_at` stays null so staff can
     * find the messages that were not delivered.
     */
    async submit(input: TContactRequest): Promise<{ id: number }> {
      const receivedAt = deps.clock.now();
      const row = await deps.repo.insert({ ...input, createdAt: receivedAt });
      try {
        await deps.mailer.send(contactMail(input, deps.inbox, receivedAt));
        await deps.repo.markMailed(row.id, deps.clock.now());
      } catch (err) {
        // Only the codes: SMTP errors can quote addresses, which are personal data.
        logFailure(deps.log, err, 'contact mail not sent; message kept', { contactMessageId: row.id });
      }
      return { id: row.id };
    },
  };
}
