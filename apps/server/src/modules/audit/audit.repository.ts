import type { TAuditAction } from '@giot-hong/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, auditSubjects } from '../../db/schema/index.ts';

/** A database handle or an open transaction: audit rows are written in the change's transaction. */
export type DbOrTx = Pick<Db, 'insert' | 'execute'>;
/**
 * What a repository hands its service for audit rows written outside a transaction: enough to
 * append rows and to read the actor's recent list views (recordListView), and nothing to query
 * the service's own tables with.
 */
export type AuditWriter = Pick<Db, 'select' | 'insert' | 'execute'>;

export type AuditEntry = {
  /** `id` null: the command line (`npm run staff:create`), whose role is written 'CLI'. */
  actor: { id: number | null; role: string };
  /**
   * Verb-first, dotted: 'campaign.create', 'appointment.outcome', 'appointment.answers.view' …
   * Only actions of the contract's AUDIT_ACTIONS: each has its words on the audit page.
   */
  action: TAuditAction;
  target: { type: string; id: number | null };
  /** The donor the action concerns, when there is one (who saw my data). */
  subjectUserId?: number | null;
  /** The donors it showed, when it showed several (a search, a list, an export). */
  subjects?: readonly number[];
  requestId?: string | null;
  /** Ids, codes and enum values chosen by the server: never text a donor typed. */
  detail?: Record<string, string | number | boolean | null>;
};

/** Appends one row to the audit trail (the table refuses updates and deletes); returns its id. */
export async function recordAudit(db: DbOrTx, e: AuditEntry, at: Date): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: e.actor.id,
      actorRole: e.actor.role,
      action: e.action,
      targetType: e.target.type,
      targetId: e.target.id,
      subjectUserId: e.subjectUserId ?? null,
      requestId: e.requestId ?? null,
      detail: e.detail ?? null,
      createdAt: at,
    })
    .returning({ id: auditLog.id });
  const subjects = [...new Set(e.subjects ?? [])];
  if (subjects.length > 0) {
    // Through `users`: an account erased since the list was read has no row to point to.
    const ids = sql.join(
      subjects.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(
      sql`insert into ${auditSubjects} (audit_id, subject_user_id)
          select ${row!.id}, u.id from users u where u.id in (${ids}) on conflict do nothing`,
    );
  }
  return row!.id;
}

/** Who an audit row names: a staff account with its request, or the command line (`id` null). */
export type AuditActor = { id: number | null; role: string; requestId?: string | null };

/** Everything of a row beyond who, what and on which target; most rows have none of it. */
export type AuditMore = Pick<AuditEntry, 'detail' | 'subjectUserId' | 'subjects'>;

/**
 * The one way a service records a staff action: pass the transaction of the change (so the row
 * exists exactly when the change does), the actor from `request.actor`, the action code, its
 * target and the time of the change. The request id comes from the actor, so a row can always be
 * matched to the request log.
 */
export function audit(
  db: DbOrTx,
  actor: AuditActor,
  action: TAuditAction,
  target: AuditEntry['target'],
  at: Date,
  more: AuditMore = {},
): Promise<number> {
  return recordAudit(db, { actor, action, target, requestId: actor.requestId ?? null, ...more }, at);
}

/**
 * A list read again within this time by the same person adds no row for the donors it already
 * recorded: the day list refreshes itself every few seconds, and a trail with one row per refresh
 * (or per page) would drown the events in it. A donor who appears in the list later still gets a row.
 */
export const LIST_VIEW_WINDOW_MS = 10 * 60_000;

/**
 * Records that `e.subjects` were shown to the actor in a list: one audit row with an access-log
 * row per donor, leaving out the donors this actor saw through the same action and target in the
 * last LIST_VIEW_WINDOW_MS. Writes nothing when all of them were (or the list is empty and one was
 * recorded), so a refresh costs one indexed read.
 */
export async function recordListView(db: AuditWriter, e: AuditEntry, at: Date): Promise<void> {
  // Lists are read by staff accounts; an action without one (the command line) is just recorded.
  const actorId = e.actor.id;
  if (actorId === null) return void (await recordAudit(db, e, at));
  const since = new Date(at.getTime() - LIST_VIEW_WINDOW_MS);
  // audit_log_actor_created_idx finds the actor's recent rows; their subjects by primary key.
  const recent = await db
    .select({ id: auditLog.id, subject: auditSubjects.subjectUserId })
    .from(auditLog)
    .leftJoin(auditSubjects, eq(auditSubjects.auditId, auditLog.id))
    .where(
      and(
        eq(auditLog.actorId, actorId),
        gt(auditLog.createdAt, since),
        eq(auditLog.action, e.action),
        eq(auditLog.targetType, e.target.type),
        e.target.id === null ? isNull(auditLog.targetId) : eq(auditLog.targetId, e.target.id),
      ),
    );
  const seen = new Set(recent.map((r) => r.subject));
  const fresh = [...new Set(e.subjects ?? [])].filter((id) => !seen.has(id));
  if (recent.length > 0 && fresh.length === 0) return;
  await recordAudit(db, { ...e, subjects: fresh }, at);
}
