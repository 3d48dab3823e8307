import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A donor's quiet hours (Vietnam time, 'HH:mm'); no row = the default 21:00–07:00. */
export const notificationQuietHours = pgTable('notification_quiet_hours', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  start: text('start').notNull(),
  end: text('end').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A browser's push subscription (RFC 8030): the push service's URL the server POSTs to and the
 * keys it encrypts for (RFC 8291). A donor has one per device; the endpoint is the browser's, so
 * it is unique across donors (a device handed to another donor moves with its new owner).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** Base64url: the browser's P-256 public key and its 16-byte auth secret. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One e-mail or push of one message to one donor: the dispatcher's record, unique per donor,
 * channel and message key, so a message made twice goes once. `dueAt` is later than `createdAt`
 * when the quiet hours held it; `sentAt` is set when a process took it (then it is sent: at most
 * once, never twice). `payload` is the mail ({to, subject, text, html}) or the push ({title, body, url}).
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** MESSAGE_KINDS of the contract */
    kind: text('kind').notNull(),
    /** 'EMAIL' or 'PUSH' */
    channel: text('channel').notNull(),
    messageKey: text('message_key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_deliveries_message_uq').on(t.userId, t.channel, t.messageKey),
    // The scheduled task's queue: what the quiet hours held, oldest due first.
    index('message_deliveries_pending_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
