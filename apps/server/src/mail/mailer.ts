import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (the contact form sets the visitor's address so staff can answer directly). */
  replyTo?: string;
  /** Links worth printing in the development log (verification link, reset code page). */
  devLinks?: string[];
};

export type StoredOutboxMail = OutgoingMail & { id: string; from: string; createdAt: string };

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** Real SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
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
      transport.close();
    },
  };
}

/**
 * Development outbox used when SMTP_URL is unset: each mail is saved as JSON under
 * DATA_DIR/outbox and listed at /dev/mail (never in production). Its links are logged so a
 * newcomer can finish sign-up on the embedded default. Recipients are not logged.
 */
export function createOutboxMailer(dataDir: string, from: string, log: FastifyBaseLogger): Mailer {
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
      log.info(
        { subject: mail.subject, links: mail.devLinks ?? [] },
        'mail saved to the development outbox (/dev/mail)',
      );
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
