import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * What staff did: one row per change or view of personal data. Append-only: a trigger refuses
 * UPDATE and DELETE (the staff-console migration), so not even a bug in a route can rewrite the trail.
 * `detail` holds ids and codes chosen by the server, never text a donor typed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** No foreign key: the trail outlives accounts (an FK action would have to rewrite rows). */
    actorId: integer('actor_id'),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    /** 'campaign', 'appointment', 'user' … */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    /** The donor the action concerns, when there is one (who saw my data). */
    subjectUserId: integer('subject_user_id'),
    requestId: text('request_id'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_subject_idx').on(t.subjectUserId),
    // The audit page's filters, newest first.
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
  ],
);

/**
 * The donors one audit row showed, when it showed several (a search, a list, an export): each
 * donor's "who saw my data" reads these. Kept apart from `audit_log` so that the trail stays one
 * row per action, and so that erasing a donor removes their rows here (the trail keeps only ids).
 */
export const auditSubjects = pgTable(
  'audit_subjects',
  {
    auditId: integer('audit_id')
      .notNull()
      .references(() => auditLog.id),
    subjectUserId: integer('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.subjectUserId, t.auditId] }),
    index('audit_subjects_audit_idx').on(t.auditId),
  ],
);

/**
 * What staff changed in the fields read from an ID card when they approved it: the value read
 * and the value saved. Personal data, so not in the append-only trail itself: the ADMIN's audit
 * trail joins it to its row, and erasing the donor deletes it.
 */
export const identityCorrections = pgTable(
  'identity_corrections',
  {
    id: serial('id').primaryKey(),
    auditId: integer('audit_id')
      .notNull()
      .references(() => auditLog.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extractId: text('extract_id').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('identity_corrections_audit_idx').on(t.auditId),
    index('identity_corrections_user_idx').on(t.userId),
  ],
);
