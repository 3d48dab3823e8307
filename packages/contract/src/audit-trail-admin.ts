import { z } from 'zod';
import { checkDayRange, zDay } from './dates.ts';
import type { TExportColumn } from './export-table.ts';
import { ZEnvelope, ZPage } from './envelope.ts';
import { IDENTITY_FIELD_LABELS, type TIdentityField } from './identity-review.ts';
import { MAX_DB_ID, ZIdParam } from './ids.ts';

/*
 * The ADMIN's audit page: its paths, the filters with their Vietnamese messages, the rows as the
 * page shows them and the trail as an export table (CSV or .xlsx). The actions' words are in
 * audit-trail.ts.
 */

export const ADMIN_AUDIT_API = {
  audit: '/api/admin/audit',
  auditCsv: '/api/admin/audit.csv',
  auditXlsx: '/api/admin/audit.xlsx',
} as const;

export const AUDIT_FILTER_MESSAGES = {
  dateFilterInvalid: 'Ngày lọc phải có dạng yyyy-mm-dd',
  targetFilterInvalid: 'Đối tượng phải có dạng "loại" hoặc "loại:mã"',
  actionFilterInvalid: 'Hành động chỉ gồm chữ thường, dấu chấm và gạch nối',
} as const;
const M = AUDIT_FILTER_MESSAGES;

/** A Vietnam day yyyy-mm-dd, or empty (no filter). */
const ZDayFilter = zDay({ message: M.dateFilterInvalid, allowEmpty: true }).optional();

/** Filters of the audit page: actor id, target ('campaign' or 'campaign:12'), action prefix, Vietnam days. */
export const ZAuditQuery = z
  .object({
    actor: ZIdParam.optional(),
    target: z
      .string()
      .trim()
      .max(60)
      .regex(/^([a-z-]+(:\d{1,10})?)?$/, M.targetFilterInvalid)
      // The id is an integer column: a larger number names no row and would fail in the database.
      .refine((s) => Number(s.split(':')[1] ?? 0) <= MAX_DB_ID, M.targetFilterInvalid)
      .optional(),
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z.-]*$/, M.actionFilterInvalid)
      .optional(),
    from: ZDayFilter,
    to: ZDayFilter,
    page: z.coerce.number().int().min(0).max(100_000).optional().default(0),
  })
  .superRefine((v, ctx) => checkDayRange(v, ctx));
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  subjectUserId: z.number().int().nullable(),
  detail: z.string().nullable(),
  /** The target's name ('Ngày hội hiến máu …', a donor's or staff member's name …); null if unknown. */
  targetName: z.string().nullable(),
  /** For a target of type `user`: its role (a donor's page, or the staff accounts page). */
  targetUserRole: z.string().nullable(),
  /** The name of the donor the row concerns. */
  subjectName: z.string().nullable(),
  /** `detail` in words ('Kết quả: Hoàn thành · Loại hiến: Máu toàn phần'). */
  detailText: z.string().nullable(),
  /** An approval's corrections of the fields read from the card: the value read, the value saved. */
  corrections: z.array(
    z.object({ field: z.string(), oldValue: z.string().nullable(), newValue: z.string().nullable() }),
  ),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditListResponse = ZEnvelope(ZPage(ZAuditEntry));
export const AUDIT_PAGE_SIZE = 50;
/** The CSV carries at most this many rows (newest first): narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 20_000;
/** The audit trail as an export table (CSV or .xlsx). */
export const AUDIT_EXPORT_COLUMNS: readonly TExportColumn[] = [
  { header: 'Mã', type: 'number' },
  { header: 'Thời gian', type: 'datetime', width: 17 },
  { header: 'Người thực hiện', type: 'text', width: 16 },
  { header: 'Mã người thực hiện', type: 'number' },
  { header: 'Vai trò', type: 'text' },
  { header: 'Hành động', type: 'text', width: 28 },
  { header: 'Loại đối tượng', type: 'text' },
  { header: 'Mã đối tượng', type: 'number' },
  { header: 'Người hiến máu liên quan', type: 'number' },
  { header: 'Chi tiết', type: 'text', width: 40 },
  { header: 'Thông tin đã sửa', type: 'text', width: 40 },
];

/** An approval's corrections in words: 'Họ và tên: NGUYEN VAN AN → NGUYỄN VĂN AN; …'. */
export const formatCorrections = (corrections: TAuditEntry['corrections']) =>
  corrections
    .map(
      (c) =>
        `${IDENTITY_FIELD_LABELS[c.field as TIdentityField] ?? c.field}: ${c.oldValue ?? '(trống)'} → ${c.newValue ?? '(trống)'}`,
    )
    .join('; ');
