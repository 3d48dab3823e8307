import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns, questions } from './catalog.ts';
import { users } from './accounts.ts';

/** A donor's registration for a campaign. */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    /**
     * null once the donor's account is erased: the row stays as an anonymous count of the
     * campaign (and a donation record without a person), see ADR 20.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /** BOOKING, DONE, COMPLETED, CANCELLED, PENDING, DEFERRED, NO_SHOW */
    status: text('status').notNull(),
    /** When staff recorded the donation (status DONE); the 12-week rule counts from here. */
    donatedAt: timestamp('donated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Opaque code of the donor's check-in QR (random, never derived from the ID number). */
    checkInCode: text('check_in_code'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** WHOLE_BLOOD, APHERESIS_PLATELETS, APHERESIS_PLASMA: the interval to the next donation follows it. */
    donationType: text('donation_type'),
    volumeMl: integer('volume_ml'),
    /** The bag's unit number (ISBT 128 DIN or a facility's own), recorded with a DONE; unique. */
    unitNumber: text('unit_number'),
    /** A donation given in an emergency (hiến máu khẩn cấp), which honour lists count apart. */
    emergency: boolean('emergency').notNull().default(false),
    /** DEFERRED: a reason from the contract's list, free text for OTHER, and the first day allowed again. */
    deferralReason: text('deferral_reason'),
    deferralText: text('deferral_text'),
    deferredUntil: timestamp('deferred_until', { withTimezone: true }),
    /** Staff account that recorded the outcome, and when (a correction replaces both). */
    outcomeBy: integer('outcome_by').references(() => users.id, { onDelete: 'set null' }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    /** Start of the booked time slot (campaign_slots); null only for rows written without one. */
    slotStart: timestamp('slot_start', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The database, not a check-then-insert, makes a second live registration impossible.
    uniqueIndex('appointments_user_campaign_live_uq')
      .on(t.userId, t.campaignId)
      .where(sql`${t.status} <> 'CANCELLED'`),
    index('appointments_campaign_status_idx').on(t.campaignId, t.status),
    index('appointments_campaign_slot_idx').on(t.campaignId, t.slotStart),
    index('appointments_user_created_idx').on(t.userId, t.createdAt),
    // The dashboard's registrations per day.
    index('appointments_created_idx').on(t.createdAt),
    uniqueIndex('appointments_check_in_code_uq').on(t.checkInCode),
    uniqueIndex('appointments_unit_number_uq')
      .on(t.unitNumber)
      .where(sql`${t.unitNumber} is not null`),
    // Honours: a donor's donations, counted per day.
    index('appointments_user_donated_idx')
      .on(t.userId, t.donatedAt)
      .where(sql`${t.status} = 'DONE'`),
    index('appointments_user_deferred_idx')
      .on(t.userId, t.deferredUntil)
      .where(sql`${t.status} = 'DEFERRED'`),
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
  (t) => [
    uniqueIndex('answers_appointment_question_uq').on(t.appointmentId, t.questionId),
    // Whether a questionnaire version has answers (then an edit stores a new version).
    index('answers_question_idx').on(t.questionId),
  ],
);
