import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (the contact form sets the visitor's address so staff can answer directly). */
  replyTo?: string;
  /**
   * The mail's links, listed by /dev/mail and printed in the log by the outbox outside production
   * (verification link, set-password link, reset code page). Never logged in production.
   */
  devLinks?: string[];
};

export type StoredOutboxMail = OutgoingMail & { id: string; from: string; createdAt: string };

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** The same mailer, telling `onResult` of each mail's outcome (the metrics count them). */
export function countedMailer(
  mailer: Mailer,
  onResult: (transport: Mailer['kind'], failed: boolean) => void,
): Mailer {
  return {
    kind: mailer.kind,
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        onResult(mailer.kind, true);
        throw err;
      }
      onResult(mailer.kind, false);
    },
    close: () => mailer.close(),
  };
}

/** Real SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer loads with the first mail sent, not at start (ADR 37).
  let transport: Transporter | undefined;
  return {
    kind: 'smtp',
    async send(mail) {
      transport ??= (await import('nodemailer')).default.createTransport(smtpUrl);
      await transport.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    async close() {
      transport?.close();
    },
  };
}

/**
 * Development outbox used when SMTP_URL is unset: each mail is saved as JSON under
 * DATA_DIR/outbox and listed at /dev/mail (never in production). Outside production its links are
 * logged so a newcomer can finish sign-up on the embedded default. Recipients are not logged.
 *
 * NOTE: a production server may keep its mails here too (MAIL_MODE=outbox). Its log then says a
 * mail was saved and nothing more: the links open accounts (set a password, confirm an erasure),
 * and logs are read, shipped and kept by more people and for longer than a mailbox.
 */
export function createOutboxMailer(
  dataDir: string,
  from: string,
  log: FastifyBaseLogger,
  opts: { logLinks: boolean },
): Mailer {
  const dir = outboxDir(dataDir);
  mkdirSync(dir, { recursive: true });
  return {
    kind: 'outbox',
    async send(mail) {
      const stored: StoredOutboxMail = {
        ...mail,
        id: randomUUID(),
        from,
        createdAt: new Date().toISOString(),
      };
      writeFileSync(path.join(dir, `${Date.now()}-${stored.id}.json`), JSON.stringify(stored, null, 2), {
        mode: 0o600,
      });
      if (opts.logLinks)
        log.info(
          { subject: mail.subject, links: mail.devLinks ?? [] },
          'mail saved to the development outbox (/dev/mail)',
        );
      else log.info({ subject: mail.subject }, 'mail saved to the outbox');
    },
    async close() {},
  };
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** Newest first. */
export function listOutbox(dataDir: string): StoredOutboxMail[] {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredOutboxMail);
}
