import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { campaigns } from './catalog.ts';
import { users } from './accounts.ts';

/** A donor's notification: type 1 reminder, 2 event, 3 news. Content is sanitised HTML. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    link: text('link'),
    /** true = read */
    status: boolean('status').notNull().default(false),
    /**
     * What this notification is about, unique per donor ('reminder-eve:appointment:42'): generating
     * it twice — a retry, a second process, a catch-up after downtime — inserts nothing.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.status} = false`),
    uniqueIndex('notifications_user_dedupe_uq')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * Periodic tasks claimed through the database, so that with several processes on one
 * PostgreSQL each run happens once: a process takes a due row with FOR UPDATE SKIP LOCKED and
 * holds a lease until `lockedUntil`.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** Feedback a donor leaves on a finished appointment; staff read it in the console. */
export const appointmentFeedback = pgTable(
  'appointment_feedback',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    message: text('message').notNull(),
    /** NEW until a staff member marks it handled (or replies). */
    status: text('status').notNull().default('NEW'),
    assignedTo: integer('assigned_to'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_feedback_status_created_idx').on(t.status, t.createdAt),
    index('appointment_feedback_campaign_idx').on(t.campaignId, t.createdAt),
    index('appointment_feedback_appointment_idx').on(t.appointmentId),
  ],
);
