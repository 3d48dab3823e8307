import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { appointments } from './appointments.ts';

/**
 * A machine's key to the integration API (the blood centre's). Only a SHA-256 of the whole key is
 * kept: a key is 32 random bytes, so a fast hash is as strong as a slow one, and a stolen table
 * opens nothing. `publicId` (the 8 characters after 'ghk_') finds the row without the secret.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The last Vietnam day the key works (it stops at the end of it); null = no expiry. */
    expiresOn: date('expires_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('api_keys_public_id_uq').on(t.publicId), index('api_keys_created_idx').on(t.createdAt)],
);

/**
 * What the blood centre reported about a unit (a bag, known by the unit number of a DONE). The
 * sender's `eventId` is unique: the same event sent again is recognised, and `payloadHash` (of the
 * event as understood, normalised) tells a replay (same hash: a duplicate) from an id reused for
 * another event (refused). A screening result is kept here and in nothing the donor reads.
 */
export const unitEvents = pgTable(
  'unit_events',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    payloadHash: text('payload_hash').notNull(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    unitNumber: text('unit_number').notNull(),
    /** TESTED, PROCESSED, ISSUED, DISCARDED */
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    bloodGroup: text('blood_group'),
    /** NEGATIVE or REACTIVE (TESTED only). */
    screening: text('screening'),
    components: text('components').array(),
    hospital: text('hospital'),
    issuedOn: date('issued_on', { mode: 'string' }),
    discardReason: text('discard_reason'),
    /** API (a key) or CSV (a staff upload). */
    source: text('source').notNull(),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unit_events_event_id_uq').on(t.eventId),
    // The donor's record reads every event of their donations, oldest first.
    index('unit_events_appointment_at_idx').on(t.appointmentId, t.at),
  ],
);

/**
 * A reactive screening result to be given in person: staff call the donor by `callBy` and close
 * the case with a note. One per donation. While it is open the donor's registration check answers
 * DEFERRED with a neutral reason, and the donation's journey shows nothing from the blood centre.
 */
export const counsellingCases = pgTable(
  'counselling_cases',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitEventId: integer('unit_event_id').references(() => unitEvents.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The chapter's deadline to call, a Vietnam day. */
    callBy: date('call_by', { mode: 'string' }).notNull(),
    /** OPEN or CLOSED */
    status: text('status').notNull().default('OPEN'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('counselling_cases_appointment_uq').on(t.appointmentId),
    // The task list per status, most urgent first.
    index('counselling_cases_status_call_by_idx').on(t.status, t.callBy),
    // The registration check and the donor's record (does this donor have an open case?), and
    // the erasure of an account.
    index('counselling_cases_user_status_idx').on(t.userId, t.status),
  ],
);

/**
 * A lab blood group that differs from an earlier lab group: not applied, staff decide (keep the
 * earlier one, or apply the new one).
 */
export const bloodGroupTasks = pgTable(
  'blood_group_tasks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    unitEventId: integer('unit_event_id').references(() => unitEvents.id, { onDelete: 'set null' }),
    earlierGroup: text('earlier_group').notNull(),
    reportedGroup: text('reported_group').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** OPEN or CLOSED */
    status: text('status').notNull().default('OPEN'),
    /** KEPT or APPLIED */
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('blood_group_tasks_status_opened_idx').on(t.status, t.openedAt),
    index('blood_group_tasks_user_idx').on(t.userId),
    // One open task per donor and reported group (a second event saying the same adds none).
    uniqueIndex('blood_group_tasks_open_uq')
      .on(t.userId, t.reportedGroup)
      .where(sql`${t.status} = 'OPEN'`),
  ],
);

/**
 * The message that a donation's unit reached a hospital, waiting for the day-time window. At most
 * one per donation (the unique appointment): a second ISSUED event (another component, another
 * hospital) queues nothing. `sentAt` is set when the scheduled task took it, whatever the donor's
 * preferences let through.
 */
export const unitIssuedMessages = pgTable(
  'unit_issued_messages',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    hospital: text('hospital').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What went out: the portal's notification, the e-mail (per the donor's preferences then). */
    notified: boolean('notified'),
    mailed: boolean('mailed'),
  },
  (t) => [
    uniqueIndex('unit_issued_messages_appointment_uq').on(t.appointmentId),
    // The scheduled task's queue, oldest first.
    index('unit_issued_messages_pending_idx')
      .on(t.queuedAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** A donor's choice for one kind of message and channel; no row = on (ADR 33). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** MESSAGE_KINDS of the contract ('JOURNEY'). */
    kind: text('kind').notNull(),
    /** 'EMAIL' or 'PUSH' (the portal's list is always on) */
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** A permission an ADMIN gave a staff account (STAFF_PERMISSIONS); an ADMIN has them all. */
export const staffPermissions = pgTable(
  'staff_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);
