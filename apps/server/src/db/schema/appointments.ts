import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns, questions } from './catalog.ts';
import { users } from './accounts.ts';

/** A donor's registration for a campaign. */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /** BOOKING, DONE, COMPLETED, CANCELLED, PENDING */
    status: text('status').notNull(),
    /** When staff recorded the donation (status DONE); the 12-week rule counts from here. */
    donatedAt: timestamp('donated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The database, not a check-then-insert, makes a second live registration impossible.
    uniqueIndex('appointments_user_campaign_live_uq')
      .on(t.userId, t.campaignId)
      .where(sql`${t.status} <> 'CANCELLED'`),
    index('appointments_campaign_status_idx').on(t.campaignId, t.status),
    index('appointments_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** The health-questionnaire answers given with an appointment. */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    answer: boolean('answer').notNull(),
    detail: text('detail'),
  },
  (t) => [uniqueIndex('answers_appointment_question_uq').on(t.appointmentId, t.questionId)],
);
