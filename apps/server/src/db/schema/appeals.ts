import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { campaigns } from './catalog.ts';

/**
 * An appeal: staff ask the donors of some blood groups, eligible on a campaign's day and who agreed
 * to appeals, to come to that campaign (ADR 29). `status` is the appeal's life (OPEN until its end
 * time, its target booked or staff end it); `delivery_status` is the sending, in batches of donors
 * by id (`cursor` = the last donor id looked at) under a lease, so a restart resumes where it stopped.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    /** Chosen by the browser once per form: a double click or a retry creates one appeal. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Plain text as staff typed it; escaped wherever it becomes HTML. */
    message: text('message').notNull(),
    /** Blood groups asked for (BLOOD_GROUPS). */
    groups: text('groups').array().notNull(),
    /** URGENT or CRITICAL */
    urgency: text('urgency').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /** Slot starts (ISO instants) donors are asked to come to; empty = any slot. */
    slotStarts: jsonb('slot_starts').$type<string[]>().notNull().default([]),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    target: integer('target').notNull(),
    /** OPEN or ENDED */
    status: text('status').notNull().default('OPEN'),
    /** TIME, TARGET or STAFF */
    endReason: text('end_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** QUEUED, WAITING (quiet hours), SENDING, DONE, STOPPED */
    deliveryStatus: text('delivery_status').notNull().default('QUEUED'),
    /** The audience counted when the appeal was created (the preview's count). */
    total: integer('total').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    /** A process sending it holds this lease; an expired lease lets another process resume. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appeals_idempotency_key_uq').on(t.idempotencyKey),
    // Open appeals by end time: ending them, the public list.
    index('appeals_status_ends_idx').on(t.status, t.endsAt),
    // The console's list, newest first.
    index('appeals_created_idx').on(t.createdAt),
    // The sending task's claim.
    index('appeals_unsent_idx')
      .on(t.id)
      .where(sql`${t.deliveryStatus} in ('QUEUED', 'WAITING', 'SENDING')`),
  ],
);

/**
 * One donor an appeal reached: one row per (appeal, donor), inserted with the notification in one
 * transaction, so a resumed sending never reaches anyone twice. The e-mail is taken
 * (`email_claimed_at`) before it is sent and marked sent after (`emailed_at`): at most once. The
 * donor's reading and answer live here too. Erasing the account deletes the rows (cascade).
 */
export const appealRecipients = pgTable(
  'appeal_recipients',
  {
    appealId: integer('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    /** How the donor was chosen: CONFIRMED (lab group), SELF_DECLARED (URGENT only), ON_CALL (rare-blood club). */
    basis: text('basis').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** COMING or DECLINED, changeable while the appeal is open. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    emailClaimedAt: timestamp('email_claimed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    // Per appeal: the live counts (aggregate over the appeal's rows) and the one row per donor.
    primaryKey({ name: 'appeal_recipients_pk', columns: [t.appealId, t.userId] }),
    // The 14-day rule (a donor's rows in a window) and the donor's list, newest first.
    index('appeal_recipients_user_reached_idx').on(t.userId, t.reachedAt),
    // A resumed sending finds the e-mails not yet taken.
    index('appeal_recipients_unmailed_idx')
      .on(t.appealId)
      .where(sql`${t.emailClaimedAt} is null`),
  ],
);
