import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './catalog.ts';
import { bytea } from './column-types.ts';
import { users } from './accounts.ts';

/**
 * A donor's profile: contact details they edit, and identity fields copied from a confirmed
 * ID-card extract. No row = status NONE.
 */
export const donorProfiles = pgTable(
  'donor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** EXTRACTED (verified) or PENDING (staff review); NONE is the absence of a row or of a confirmed extract. */
    status: text('status').notNull().default('NONE'),
    contactEmail: text('contact_email'),
    mobile: text('mobile'),
    jobName: text('job_name'),
    studentId: text('student_id'),
    militaryId: text('military_id'),
    addressContact: text('address_contact'),
    timeDonation: integer('time_donation').notNull().default(0),
    bloodGroup: text('blood_group'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    extractId: text('extract_id'),
    cardId: text('card_id'),
    fullName: text('full_name'),
    dob: text('dob'),
    gender: text('gender'),
    nationality: text('nationality'),
    ethnicity: text('ethnicity'),
    home: text('home'),
    address: text('address'),
    doe: text('doe'),
    issueLoc: text('issue_loc'),
    issueDate: text('issue_date'),
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * What staff last decided about this donor's identity, for the donor's profile page:
     * APPROVED, REJECTED or REVOKED (a dispute gave the ID number to another account), with the
     * reason staff gave; cleared by the donor's next confirmation.
     */
    reviewOutcome: text('review_outcome'),
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Blood group found by the laboratory (staff record it); `bloodGroup` stays as the donor typed it. */
    labBloodGroup: text('lab_blood_group'),
    labBloodGroupAt: timestamp('lab_blood_group_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One national ID number verifies one account only. A PENDING claim keeps its number for
    // staff review without taking it from anyone: only verified (EXTRACTED) profiles count.
    uniqueIndex('donor_profiles_verified_card_id_uq')
      .on(t.cardId)
      .where(sql`${t.status} = 'EXTRACTED' and ${t.cardId} is not null`),
    // The image-retention sweep keeps the images of the extracts that PENDING profiles wait on.
    // The dashboard's new verified donors per week.
    index('donor_profiles_verified_at_idx')
      .on(t.verifiedAt)
      .where(sql`${t.status} = 'EXTRACTED'`),
    // Broadcasts to one blood group.
    index('donor_profiles_blood_group_idx').on(t.bloodGroup),
    // Appeals: verified donors by their lab-confirmed group, in id order (the sending's batches).
    index('donor_profiles_lab_blood_group_idx')
      .on(t.labBloodGroup, t.userId)
      .where(sql`${t.status} = 'EXTRACTED'`),
    // The rare-blood club's listing by group: the few donors of one laboratory Rh-negative group,
    // then their membership by its primary key.
    index('donor_profiles_rare_lab_group_idx')
      .on(t.labBloodGroup, t.userId)
      .where(sql`${t.labBloodGroup} in ('O-', 'A-', 'B-', 'AB-')`),
    index('donor_profiles_pending_extract_idx')
      .on(t.extractId)
      .where(sql`${t.status} = 'PENDING'`),
    // Staff donor search: prefixes of the name and the mobile, the last digits of the ID number.
    index('donor_profiles_full_name_prefix_idx').using('btree', sql`lower(${t.fullName}) text_pattern_ops`),
    index('donor_profiles_mobile_prefix_idx').using('btree', sql`${t.mobile} text_pattern_ops`),
    index('donor_profiles_card_id_suffix_idx').using('btree', sql`reverse(${t.cardId}) text_pattern_ops`),
    // Staff searching by the last digits of a phone number.
    index('donor_profiles_mobile_suffix_idx').using('btree', sql`reverse(${t.mobile}) text_pattern_ops`),
  ],
);

/** One identity-card extraction attempt: both images (encrypted), the fields read and their confidence. */
export const idExtracts = pgTable(
  'id_extracts',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** FRONT_UPLOADED → BACK_UPLOADED (→ BACK_UPLOADED again for a new back) → CONFIRM_MATCHED */
    status: text('status').notNull(),
    frontFields: jsonb('front_fields'),
    backFields: jsonb('back_fields'),
    merged: jsonb('merged'),
    scoreFront: real('score_front'),
    scoreBack: real('score_back'),
    /**
     * AES-256-GCM sealed image bytes (iv | tag | ciphertext); null once deleted by retention:
     * ID_IMAGE_RETENTION_DAYS after confirmation (kept while the profile waits for review as
     * PENDING), or after creation when never confirmed.
     */
    frontImage: bytea('front_image'),
    backImage: bytea('back_image'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Since when the extract waits for staff: confirmed as PENDING, or refused because another
     * account verified its ID number (a dispute). Null when it never needed a review.
     */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** The review: APPROVED, REJECTED, or SUPERSEDED (the donor confirmed a newer extract first). */
    reviewOutcome: text('review_outcome'),
    reviewReason: text('review_reason'),
    reviewedBy: integer('reviewed_by'),
    /** Photos are deleted ID_IMAGE_RETENTION_DAYS after this. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('id_extracts_user_idx').on(t.userId, t.createdAt),
    // Retention sweep: confirmed extracts by confirmation time, abandoned ones by creation time.
    index('id_extracts_retention_idx')
      .on(t.confirmedAt)
      .where(sql`${t.imagesDeletedAt} is null`),
    index('id_extracts_abandoned_idx')
      .on(t.createdAt)
      .where(sql`${t.confirmedAt} is null and ${t.imagesDeletedAt} is null`),
    // The review queue, oldest first; the retention sweep of reviewed extracts.
    index('id_extracts_review_queue_idx')
      .on(t.reviewRequestedAt)
      .where(sql`${t.reviewRequestedAt} is not null and ${t.reviewedAt} is null`),
    index('id_extracts_reviewed_retention_idx')
      .on(t.reviewedAt)
      .where(sql`${t.imagesDeletedAt} is null`),
  ],
);

/** Avatars, re-encoded to WebP without metadata; in the database so every process can serve them. */
export const avatars = pgTable('avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The words of each donor's full name, folded (lower case, no diacritics, đ as d): staff search
 * 'nguyen', 'Hùng' or 'văn an' and find any word of the name, by its beginning, through the
 * word_prefix index. A trigger on donor_profiles keeps it (migration 0016), so no write path of
 * the full name can forget it; the words go with the account.
 */
export const donorNameWords = pgTable(
  'donor_name_words',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.word] }),
    // With the user id: a search reads the index alone (an index-only scan).
    index('donor_name_words_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`, t.userId),
  ],
);
