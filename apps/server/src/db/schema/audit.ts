import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
