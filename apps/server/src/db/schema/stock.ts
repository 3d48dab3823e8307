import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { apiKeys } from './blood-centre.ts';

/**
 * The blood stock board: the current level of each of the eight groups (one row per group, made on
 * its first setting). `source` says who set it publicly — STAFF (the chapter) or API (the blood
 * centre's key); the account or key behind it is kept for staff, never shown on the board.
 */
export const bloodStockLevels = pgTable('blood_stock_levels', {
  bloodGroup: text('blood_group').primaryKey(),
  /** CRITICAL, LOW, OK, HIGH */
  level: text('level').notNull(),
  note: text('note'),
  /** STAFF or API */
  source: text('source').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Every setting of a level, notes included (the audit trail keeps the levels but no typed text):
 * the board's history, per group and time.
 */
export const bloodStockChanges = pgTable(
  'blood_stock_changes',
  {
    id: serial('id').primaryKey(),
    bloodGroup: text('blood_group').notNull(),
    level: text('level').notNull(),
    note: text('note'),
    source: text('source').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('blood_stock_changes_group_at_idx').on(t.bloodGroup, t.changedAt)],
);
