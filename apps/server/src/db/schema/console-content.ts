import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A staff reply by e-mail to a contact message or an appointment feedback, kept with the message.
 * `kind` says which inbox; no foreign keys, so the inbox's history outlives deleted accounts.
 */
export const inboxReplies = pgTable(
  'inbox_replies',
  {
    id: serial('id').primaryKey(),
    /** 'contact' | 'feedback' */
    kind: text('kind').notNull(),
    messageId: integer('message_id').notNull(),
    staffId: integer('staff_id').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** null when the SMTP server refused it (the reply is still kept). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inbox_replies_message_idx').on(t.kind, t.messageId, t.createdAt)],
);

/** Who a broadcast goes to (stored as chosen; the audience is resolved in SQL when it is sent). */
export type BroadcastAudienceRow = {
  kind: 'ALL' | 'BLOOD_GROUP' | 'PROVINCE' | 'ELIGIBLE_FROM' | 'CAMPAIGN';
  bloodGroup?: string;
  provinceCode?: string;
  /** yyyy-mm-dd, Vietnam */
  date?: string;
  campaignId?: number;
};

/**
 * A notification sent by staff to an audience. Sending runs in the background in batches of
 * donors ordered by id (`cursor` = last donor id done), so a restart resumes where it stopped;
 * `idempotency_key` (chosen by the browser) makes a double click or a retried request one broadcast.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: integer('created_by').notNull(),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    link: text('link'),
    sendEmail: boolean('send_email').notNull().default(false),
    audience: jsonb('audience').$type<BroadcastAudienceRow>().notNull(),
    /** QUEUED, SENDING, DONE */
    status: text('status').notNull().default('QUEUED'),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    emailed: integer('emailed').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    /** A process sending it holds this lease; an expired lease lets another process resume. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('broadcasts_idempotency_key_uq').on(t.idempotencyKey),
    index('broadcasts_created_idx').on(t.createdAt),
    index('broadcasts_unfinished_idx')
      .on(t.id)
      .where(sql`${t.status} <> 'DONE'`),
  ],
);
