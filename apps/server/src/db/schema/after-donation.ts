import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { appointments } from './appointments.ts';

/**
 * The venue health check (khám sàng lọc) of a checked-in donor, one per appointment; recording it
 * again replaces it. The limits it is judged by are the contract's SCREENING_LIMITS.
 */
export const appointmentScreenings = pgTable('appointment_screenings', {
  appointmentId: integer('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  weightKg: numeric('weight_kg', { precision: 4, scale: 1, mode: 'number' }).notNull(),
  systolic: integer('systolic').notNull(),
  diastolic: integer('diastolic').notNull(),
  pulse: integer('pulse').notNull(),
  hemoglobinGL: integer('hemoglobin_g_l').notNull(),
  temperatureC: numeric('temperature_c', { precision: 3, scale: 1, mode: 'number' }),
  recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last serial number used per year. Taken with an upsert inside the transaction that records
 * the DONE: the row lock orders concurrent recordings (no duplicate) and a rolled-back recording
 * gives its number back (no gap).
 */
export const certificateSequences = pgTable('certificate_sequences', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A donation certificate (Giấy chứng nhận hiến máu tình nguyện). What it prints is copied here when
 * it is issued, so a later change of the donor's profile does not change a certificate already
 * handed out; the signature covers serial, day, volume and a hash of name and birth date.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** null once the donor's account is erased (the certificate stays verifiable, without a holder). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    donatedOn: date('donated_on', { mode: 'string' }).notNull(),
    volumeMl: integer('volume_ml').notNull(),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    address: text('address').notNull(),
    facility: text('facility').notNull(),
    identityHash: text('identity_hash').notNull(),
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_serial_uq').on(t.serial),
    uniqueIndex('certificates_year_sequence_uq').on(t.year, t.sequence),
    uniqueIndex('certificates_appointment_uq').on(t.appointmentId),
    index('certificates_user_idx').on(t.userId),
  ],
);

/** A use of a certificate's entitlement, as reported by a hospital and recorded by staff. */
export const certificateUses = pgTable(
  'certificate_uses',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    usedOn: date('used_on', { mode: 'string' }).notNull(),
    hospital: text('hospital').notNull(),
    volumeMl: integer('volume_ml').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificate_uses_certificate_idx').on(t.certificateId)],
);

/**
 * A milestone a donor has reached (honours). The unique pair makes the congratulation happen
 * exactly once: only the insert that creates the row notifies.
 */
export const honourAwards = pgTable(
  'honour_awards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    milestone: integer('milestone').notNull(),
    reachedOn: date('reached_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('honour_awards_user_milestone_uq').on(t.userId, t.milestone),
    index('honour_awards_reached_idx').on(t.reachedOn),
  ],
);
