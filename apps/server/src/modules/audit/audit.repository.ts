import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** A database handle or an open transaction: audit rows are written in the change's transaction. */
export type DbOrTx = Pick<Db, 'insert'>;

export type AuditEntry = {
  /** `id` null: the command line (`npm run staff:create`), whose role is written 'CLI'. */
  actor: { id: number | null; role: string };
  /** Verb-first, dotted: 'campaign.create', 'appointment.outcome', 'appointment.answers.view' … */
  action: string;
  target: { type: string; id: number | null };
  /** The donor the action concerns, when there is one. */
  subjectUserId?: number | null;
  requestId?: string | null;
  /** Ids, codes and enum values chosen by the server: never text a donor typed. */
  detail?: Record<string, string | number | boolean | null>;
};

/** Appends one row to the audit trail (the table refuses updates and deletes). */
export async function recordAudit(db: DbOrTx, e: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: e.actor.id,
    actorRole: e.actor.role,
    action: e.action,
    targetType: e.target.type,
    targetId: e.target.id,
    subjectUserId: e.subjectUserId ?? null,
    requestId: e.requestId ?? null,
    detail: e.detail ?? null,
    createdAt: at,
  });
}
