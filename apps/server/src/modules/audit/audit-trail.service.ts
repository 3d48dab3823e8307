import {
  AUDIT_EXPORT_COLUMNS,
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  describeAuditDetail,
  formatCorrections,
  type TAuditEntry,
  type TExportTable,
} from '@giot-hong/contract';
import { page } from '../../lib/envelope.ts';
import type { AuditQuery, AuditRow, AuditTrailRepository } from './audit-trail.repository.ts';

type Detail = Record<string, string | number | boolean | null> | null;

const toEntry = (
  r: AuditRow,
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

/**
 * The audit trail as the ADMIN reads it: pages of entries in words (names instead of ids, the
 * detail described, identity corrections attached) and the same entries as an export table.
 */
export function createAuditTrailService(repo: AuditTrailRepository) {
  /** The entries of `list` with their corrections and names: two more queries for the whole list. */
  async function entries(list: AuditRow[]): Promise<TAuditEntry[]> {
    const details = list.map((r) => (r.detail ?? null) as Detail);
    const [corrections, names] = await Promise.all([
      repo.corrections(list.map((r) => r.id)),
      repo.names({
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

  return {
    /** One page of the filtered trail, newest first, with the total for the pager. */
    async page(q: AuditQuery) {
      const [items, total] = await Promise.all([
        repo.rows(q, AUDIT_PAGE_SIZE, q.page * AUDIT_PAGE_SIZE),
        repo.count(q),
      ]);
      return page(await entries(items), q.page, AUDIT_PAGE_SIZE, total);
    },

    /** The newest AUDIT_CSV_MAX_ROWS matching entries, for a spreadsheet. */
    async exportEntries(q: AuditQuery): Promise<TAuditEntry[]> {
      return entries(await repo.rows(q, AUDIT_CSV_MAX_ROWS));
    },

    /** The entries as the export's one sheet (the same table becomes CSV or .xlsx). */
    exportTable(list: TAuditEntry[]): TExportTable {
      return {
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
    },
  };
}
