import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea } from './column-types.ts';

/**
 * Consents, one row per agreement: the purpose, the version of the text agreed to, when, and when
 * it was withdrawn. A new version or a renewed agreement is a new row; the latest row per purpose
 * is the donor's current choice.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** TERMS, ID_DATA, HEALTH_DATA, CAMPAIGN_EMAILS (contract CONSENT_PURPOSES). */
    purpose: text('purpose').notNull(),
    version: text('version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('consents_user_purpose_idx').on(t.userId, t.purpose, t.givenAt)],
);

/**
 * 'Tải dữ liệu của tôi': a ZIP prepared in the background (claimed with FOR UPDATE SKIP LOCKED),
 * kept in the database so any process serves it, deleted when it expires.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    /** Random UUID: the download path names it. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PENDING → READY (or FAILED). */
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** A worker's lease on a PENDING export; another process takes it over once it has passed. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    content: bytea('content'),
    sizeBytes: integer('size_bytes'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    index('data_exports_pending_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('data_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * 'Xóa tài khoản': requested with the password, confirmed through an e-mailed link (sha256 of the
 * token stored), erased `eraseAfter` unless cancelled. At most one live request per account.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_deletions_token_uq').on(t.tokenHash),
    uniqueIndex('account_deletions_live_uq')
      .on(t.userId)
      .where(sql`${t.cancelledAt} is null`),
    index('account_deletions_due_idx')
      .on(t.eraseAfter)
      .where(sql`${t.cancelledAt} is null and ${t.eraseAfter} is not null`),
  ],
);
