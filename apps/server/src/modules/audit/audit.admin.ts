import {
  ADMIN_IDENTITY_API,
  AUDIT_EXPORT_COLUMNS,
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  ZAuditListResponse,
  ZAuditQuery,
  formatCorrections,
  describeAuditDetail,
  exportFileName,
  toCsv,
  type TExportTable,
  vnDayOf,
  addDays,
  vnDayStart,
  type TAuditEntry,
} from '@giot-hong/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog, identityCorrections, users } from '../../db/schema/index.ts';
import { ok, page } from '../../lib/envelope.ts';
import { attachment, toXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { auditNames } from './audit-names.repository.ts';
import { audit } from './audit.repository.ts';

type Query = z.output<typeof ZAuditQuery>;

/** The filters as SQL; each has an index (actor, action, target, created). */
function where(q: Query) {
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

function rows(db: Db, q: Query) {
  return db
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
}

type Row = Awaited<ReturnType<typeof rows>>[number];

/**
 * The entries of `list` with their corrections (one query for the page, identity_corrections_audit_idx)
 * and the names the page shows instead of ids (audit-names.repository.ts).
 */
async function entries(db: Db, list: Row[]): Promise<TAuditEntry[]> {
  const ids = list.map((r) => r.id);
  const details = list.map(
    (r) => (r.detail ?? null) as Record<string, string | number | boolean | null> | null,
  );
  const [corrections, names] = await Promise.all([
    ids.length
      ? db
          .select({
            auditId: identityCorrections.auditId,
            field: identityCorrections.field,
            oldValue: identityCorrections.oldValue,
            newValue: identityCorrections.newValue,
          })
          .from(identityCorrections)
          .where(inArray(identityCorrections.auditId, ids))
          .orderBy(asc(identityCorrections.id))
      : [],
    auditNames(db, {
      targets: list.map((r) => ({ type: r.targetType, id: r.targetId })),
      userIds: [
        ...list.map((r) => r.subjectUserId),
        ...details.flatMap((d) => [d?.assignedTo, d?.forUserId]),
      ].filter((id): id is number => typeof id === 'number'),
    }),
  ]);
  const userName = (id: number) => names.user.get(id)?.name;
  return list.map((r, i) => ({
    ...toEntry(r),
    targetName: r.targetId === null ? null : (names.target.get(`${r.targetType}:${r.targetId}`) ?? null),
    targetUserRole:
      r.targetType === 'user' && r.targetId !== null ? (names.user.get(r.targetId)?.role ?? null) : null,
    subjectName: r.subjectUserId === null ? null : (userName(r.subjectUserId) ?? null),
    detailText: describeAuditDetail(details[i], { user: userName }),
    corrections: corrections
      .filter((c) => c.auditId === r.id)
      .map(({ field, oldValue, newValue }) => ({ field, oldValue, newValue })),
  }));
}

const toEntry = (
  r: Row,
): Omit<TAuditEntry, 'corrections' | 'targetName' | 'targetUserRole' | 'subjectName' | 'detailText'> => ({
  id: r.id,
  at: r.createdAt.toISOString(),
  actorId: r.actorId,
  actorName: r.actorName,
  actorRole: r.actorRole,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  subjectUserId: r.subjectUserId,
  detail: r.detail ? JSON.stringify(r.detail) : null,
});

/** ADMIN only: the audit trail, paged or as CSV. No route changes or deletes a row. */
export async function auditAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.get(
    ADMIN_IDENTITY_API.audit,
    {
      // ADMIN only: the admin scope checks the role before anything else.
      config: { role: 'ADMIN' },
      schema: {
        summary: 'Nhật ký thao tác (mới nhất trước), lọc theo người thực hiện, đối tượng, hành động, ngày',
        querystring: ZAuditQuery,
        response: { 200: ZAuditListResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const [items, [total]] = await Promise.all([
        rows(db, q)
          .limit(AUDIT_PAGE_SIZE)
          .offset(q.page * AUDIT_PAGE_SIZE),
        db.select({ n: count() }).from(auditLog).where(where(q)),
      ]);
      return ok(page(await entries(db, items), q.page, AUDIT_PAGE_SIZE, total?.n ?? 0));
    },
  );
  // The trail for a spreadsheet: CSV (UTF-8 with BOM) or .xlsx, at most AUDIT_CSV_MAX_ROWS rows.
  for (const format of ['csv', 'xlsx'] as const)
    app.get(
      format === 'csv' ? ADMIN_IDENTITY_API.auditCsv : ADMIN_IDENTITY_API.auditXlsx,
      {
        // ADMIN only: the admin scope checks the role before anything else.
        config: { role: 'ADMIN' },
        schema: {
          summary: `Nhật ký thao tác dạng ${format === 'csv' ? 'CSV (UTF-8 có BOM)' : 'Excel (.xlsx)'}, tối đa ${AUDIT_CSV_MAX_ROWS} dòng`,
          querystring: ZAuditQuery,
        },
      },
      async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
        const list = await entries(db, await rows(db, request.query).limit(AUDIT_CSV_MAX_ROWS));
        await audit(db, request.actor, 'audit.export', { type: 'audit', id: null }, app.clock.now(), {
          detail: { rows: list.length, format },
        });
        const table: TExportTable = {
          sheet: 'Nhật ký',
          columns: AUDIT_EXPORT_COLUMNS,
          rows: list.map((e) => [
            e.id,
            e.at,
            e.actorName,
            e.actorId,
            e.actorRole,
            e.action,
            e.targetType,
            e.targetId,
            e.subjectUserId,
            e.detail,
            formatCorrections(e.corrections),
          ]),
        };
        const today = vnDayOf(app.clock.now());
        reply
          .header('Content-Disposition', attachment(exportFileName('nhat-ky', today, format)))
          .header('Cache-Control', 'no-store');
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
        return reply.type(XLSX_TYPE).send(await toXlsx([table]));
      },
    );
}
