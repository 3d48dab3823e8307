import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './column-types.ts';

/**
 * One version of a questionnaire. The versions of one questionnaire share `lineageId` (the id of
 * its first version). A version that has answers is never changed again: editing it stores the
 * next version, so saved answers keep the questions as the donor read them. A campaign names the
 * version its donors answer.
 */
export const questionSets = pgTable(
  'question_sets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lineageId: integer('lineage_id').notNull(),
    version: integer('version').notNull().default(1),
    /** Set when a newer version of the same questionnaire is stored; this one is then read-only. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_sets_lineage_version_uq').on(t.lineageId, t.version)],
);

export const questionSections = pgTable(
  'question_sections',
  {
    id: serial('id').primaryKey(),
    questionSetId: integer('question_set_id')
      .notNull()
      .references(() => questionSets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    order: integer('order').notNull(),
  },
  (t) => [index('question_sections_set_idx').on(t.questionSetId, t.order)],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => questionSections.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    content: text('content').notNull(),
    hasDetail: boolean('has_detail').notNull().default(false),
  },
  (t) => [index('questions_section_idx').on(t.sectionId, t.order)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    organizeTime: timestamp('organize_time', { withTimezone: true }).notNull(),
    startReceiveTime: timestamp('start_receive_time', { withTimezone: true }).notNull(),
    endReceiveTime: timestamp('end_receive_time', { withTimezone: true }).notNull(),
    targetBloodUnits: integer('target_blood_units').notNull(),
    questionSetId: integer('question_set_id')
      .notNull()
      .references(() => questionSets.id),
    imageUrl: text('image_url'),
    isPublished: boolean('is_published').notNull().default(true),
    /** Set when staff cancel the campaign; its bookings are cancelled with it. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Length of the time slots the receive window is divided into, and the places of a new slot. */
    slotMinutes: integer('slot_minutes').notNull().default(30),
    slotCapacity: integer('slot_capacity').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_published_time_idx').on(t.isPublished, t.organizeTime),
    index('campaigns_organize_time_idx').on(t.organizeTime),
    // How many campaigns name a questionnaire version (the questionnaire list).
    index('campaigns_question_set_idx').on(t.questionSetId),
  ],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML: sanitised on the way in, never trusted on the way out either. */
    content: text('content').notNull(),
    /** Title and text content folded to lower-case ASCII, for diacritic-insensitive search. */
    searchText: text('search_text').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    createdBy: text('created_by').notNull().default('Admin'),
    isPublished: boolean('is_published').notNull().default(true),
    /**
     * The publication time, shown to donors as the item's date: donor pages list only published
     * items whose time has passed (a future time schedules the item).
     */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff asked that publishing notify every donor (type 3 'Tin tức'). */
    notifyDonors: boolean('notify_donors').notNull().default(false),
    /** Set once when the donors were notified: publishing again never notifies twice. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_published_created_idx').on(t.isPublished, t.createdAt)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('jobs_job_uq').on(t.job)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** SCHOOL, COMPANY, AGENCY, OTHER … the donor pickers list type OTHER plus 'Tự do'. */
    type: text('type').notNull(),
  },
  (t) => [index('organizations_type_idx').on(t.type, t.name)],
);

/** Key/value facts about the database itself (e.g. when demo data was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A campaign's picture uploaded by staff: re-encoded WebP, in the database so every process serves it. */
export const campaignImages = pgTable('campaign_images', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  mimeType: text('mime_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A news item's thumbnail, re-encoded WebP in a few widths (srcset), in the database so every process serves it. */
export const newsThumbnails = pgTable(
  'news_thumbnails',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    content: bytea('content').notNull(),
    mimeType: text('mime_type').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.width] })],
);
