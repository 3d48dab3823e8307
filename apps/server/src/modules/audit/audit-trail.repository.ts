import { addDays, vnDayStart, type ZAuditQuery } from '@giot-hong/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog, identityCorrections, users } from '../../db/schema/index.ts';
import { auditNames, type AuditRefs } from './audit-names.repository.ts';

/** The audit page's filters, as the route validated them. */
export type AuditQuery = z.output<typeof ZAuditQuery>;

/** The filters as SQL; each has an index (actor, action, target, created). */
function where(q: AuditQuery) {
  const [type, id] = q.target ? q.target.split(':') : [];
  return and(
    q.actor !== undefined ? eq(auditLog.actorId, q.actor) : undefined,
    type ? eq(auditLog.targetType, type) : undefined,
    id ? eq(auditLog.targetId, Number(id)) : undefined,
    q.action ? sql`${auditLog.action} like ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    q.from ? gte(auditLog.createdAt, vnDayStart(q.from)) : undefined,
    q.to ? lt(auditLog.createdAt, vnDayStart(addDays(q.to, 1))) : undefined,
  );
}

/**
 * Reads of the audit trail for the ADMIN's audit page and its exports. The trail is written by
 * audit.repository.ts (`audit`); nothing here changes or deletes a row.
 */
export function createAuditTrailRepository(db: Db) {
  /** The matching rows with the actor's username, newest first (ties by id). */
  const rows = (q: AuditQuery) =>
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorName: users.username,
        actorRole: auditLog.actorRole,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        subjectUserId: auditLog.subjectUserId,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where(q))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));

  return {
    /** At most `limit` matching rows after skipping `offset` (a page, or the export's first rows). */
    rows: (q: AuditQuery, limit: number, offset = 0) => rows(q).limit(limit).offset(offset),

    /** How many rows match, for the pager. */
    async count(q: AuditQuery): Promise<number> {
      const [total] = await db.select({ n: count() }).from(auditLog).where(where(q));
      return total?.n ?? 0;
    },

    /** The identity corrections of some audit rows, in the order they were made (identity_corrections_audit_idx). */
    async corrections(auditIds: number[]) {
      if (!auditIds.length) return [];
      return db
        .select({
          auditId: identityCorrections.auditId,
          field: identityCorrections.field,
          oldValue: identityCorrections.oldValue,
          newValue: identityCorrections.newValue,
        })
        .from(identityCorrections)
        .where(inArray(identityCorrections.auditId, auditIds))
        .orderBy(asc(identityCorrections.id));
    },

    /** The names the page shows instead of ids (audit-names.repository.ts). */
    names: (refs: AuditRefs) => auditNames(db, refs),
  };
}
export type AuditTrailRepository = ReturnType<typeof createAuditTrailRepository>;
/** One row of the trail as `rows` reads it. */
export type AuditRow = Awaited<ReturnType<AuditTrailRepository['rows']>>[number];
