import { z } from 'zod';
import { BLOOD_GROUPS } from './constants.ts';
import {
  BLOOD_COMPONENTS,
  DISCARD_REASONS,
  SCREENING_RESULTS,
  UNIT_EVENT_BATCH_MAX,
} from './blood-unit-lists.ts';
import { ZEnvelope } from './envelope.ts';
import type { RouteParam } from './api-paths.ts';

/**
 * The blood centre's link. The chapter collects blood; the blood centre tests it, makes components
 * of it and sends them to hospitals. It reports each step of a bag (a "unit", known by the unit
 * number recorded with the DONE) as an event, by machine (an API key) or through staff (a CSV
 * file). From those events the donor sees where their blood went, the lab's blood group becomes
 * the donor's confirmed group, and a reactive screening result becomes a task for staff, never a
 * message (it is given in person, with counselling).
 */

// ---------------------------------------------------------------------------------------------
// Machine access: API keys

/** What a key may do. `units:write` sends unit events; `stock:write` sets the blood stock board. */
export const API_KEY_SCOPES = ['units:write', 'stock:write'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'units:write': 'Gửi sự kiện đơn vị máu',
  'stock:write': 'Cập nhật tồn kho máu',
};

/**
 * A key as handed out: 'ghk_' + 8 characters of public id + '_' + 43 characters of secret
 * (32 random bytes, base64url). Only a hash of it is kept; the id lets the server find the row.
 */
export const API_KEY_FORMAT = /^ghk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

export const ADMIN_API_KEYS_API = {
  keys: '/api/admin/api-keys',
  key: (id: number | RouteParam) => `/api/admin/api-keys/${id}`,
  revoke: (id: number | RouteParam) => `/api/admin/api-keys/${id}/revoke`,
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Vui lòng nhập tên khóa',
  nameTooLong: 'Tên khóa không quá 100 ký tự',
  scopesRequired: 'Vui lòng chọn ít nhất một quyền',
  expiryPast: 'Ngày hết hạn phải sau hôm nay',
  notFound: 'Không tìm thấy khóa',
  alreadyRevoked: 'Khóa này đã bị thu hồi trước đó',
  /** 401 on an integration route: no key, an unknown, revoked or expired one, or a login token. */
  unauthorized: 'Khóa truy cập không hợp lệ hoặc đã bị thu hồi',
  /** 403: the key lacks the route's scope. */
  forbidden: 'Khóa truy cập không có quyền này',
  rateLimited: 'Khóa truy cập đã gửi quá nhiều yêu cầu. Vui lòng thử lại sau.',
  shownOnce: 'Khóa chỉ hiển thị một lần. Hãy sao chép và lưu ở nơi an toàn.',
  created: 'Đã tạo khóa truy cập',
  revoked: 'Đã thu hồi khóa',
} as const;

export const ZApiKeyCreateRequest = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(100, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .transform((s) => [...new Set(s)]),
  /** yyyy-mm-dd (Vietnam): the key stops working at the end of that day; absent = no expiry. */
  expiresOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish(),
});
export type TApiKeyCreateRequest = z.input<typeof ZApiKeyCreateRequest>;

export const API_KEY_STATES = { ACTIVE: 'Đang dùng', EXPIRED: 'Hết hạn', REVOKED: 'Đã thu hồi' } as const;
export type TApiKeyState = keyof typeof API_KEY_STATES;

export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's public part ('ghk_ab12cd34'), enough to recognise it in a list or a log. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  state: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']),
  expiresOn: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyListResponse = ZEnvelope(z.array(ZApiKey));
/** The answer to a creation: the key itself, this once. */
export const ZApiKeyCreatedResponse = ZEnvelope(ZApiKey.extend({ key: z.string() }));
export const ZApiKeyResponse = ZEnvelope(ZApiKey);

// ---------------------------------------------------------------------------------------------
// Unit events

export const INTEGRATION_API = {
  unitEvents: '/api/integrations/units/events',
  stock: '/api/integrations/stock',
} as const;

export const ADMIN_UNITS_API = {
  /** multipart/form-data, one field `file`: a CSV of unit events (UNIT_EVENT_CSV_COLUMNS). */
  import: '/api/admin/units/import',
} as const;

/** Why one event was refused; each answer carries one of these, with its Vietnamese words. */
export const UNIT_EVENT_REFUSALS = {
  INVALID: 'Sự kiện không hợp lệ',
  UNKNOWN_UNIT: 'Không có lần hiến máu nào với mã túi máu này',
  EVENT_ID_REUSED: 'Mã sự kiện đã được dùng cho một sự kiện khác',
  FUTURE: 'Thời điểm của sự kiện ở tương lai',
  BEFORE_DONATION: 'Thời điểm của sự kiện trước ngày hiến máu',
} as const;
export type TUnitEventRefusal = keyof typeof UNIT_EVENT_REFUSALS;

const ZEventCommon = {
  /** The sender's own id of this event (idempotency: the same id again is a duplicate). */
  eventId: z.string().trim().min(1).max(100),
  unitNumber: z.string().trim().min(4).max(40),
  /** When it happened (ISO 8601 with an offset). */
  at: z.iso.datetime({ offset: true }),
};

export const ZUnitEvent = z.discriminatedUnion('type', [
  z.object({
    ...ZEventCommon,
    type: z.literal('TESTED'),
    /** The lab's ABO/Rh group. */
    bloodGroup: z.enum(BLOOD_GROUPS),
    screening: z.enum(SCREENING_RESULTS),
  }),
  z.object({
    ...ZEventCommon,
    type: z.literal('PROCESSED'),
    components: z
      .array(z.enum(BLOOD_COMPONENTS))
      .min(1)
      .transform((c) => [...new Set(c)]),
  }),
  z.object({
    ...ZEventCommon,
    type: z.literal('ISSUED'),
    hospital: z.string().trim().min(1).max(200),
    /** The day it was sent (yyyy-mm-dd); `at` is when the centre recorded it. */
    issuedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  z.object({ ...ZEventCommon, type: z.literal('DISCARDED'), reason: z.enum(DISCARD_REASONS) }),
]);
export type TUnitEvent = z.infer<typeof ZUnitEvent>;

/**
 * The batch: each event is checked on its own (a malformed one is refused with INVALID, never
 * the whole batch), so the events array holds unknown values until then.
 */
export const ZUnitEventBatchRequest = z.object({
  events: z.array(z.unknown()).min(1).max(UNIT_EVENT_BATCH_MAX),
});

export const ZUnitEventResult = z.object({
  /** The event's position in the batch (0-based), or its CSV line number for an import. */
  index: z.number().int(),
  eventId: z.string().nullable(),
  outcome: z.enum(['ACCEPTED', 'DUPLICATE', 'REFUSED']),
  reason: z.enum(Object.keys(UNIT_EVENT_REFUSALS) as [TUnitEventRefusal, ...TUnitEventRefusal[]]).nullable(),
  /** Vietnamese words for a refusal (with the field for INVALID). */
  message: z.string().nullable(),
});
export type TUnitEventResult = z.infer<typeof ZUnitEventResult>;

export const ZUnitEventBatchResult = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  results: z.array(ZUnitEventResult),
  /** The unit numbers (normalised) that match no donation, each once: refused, never guessed. */
  unknownUnits: z.array(z.string()),
});
export type TUnitEventBatchResult = z.infer<typeof ZUnitEventBatchResult>;
export const ZUnitEventBatchResponse = ZEnvelope(ZUnitEventBatchResult);

/**
 * The CSV file staff upload: a header row with these columns (any order), one event per line.
 * `components` is a list separated by '|'. Line numbers in the report count the header as 1.
 */
export const UNIT_EVENT_CSV_COLUMNS = [
  'event_id',
  'unit_number',
  'type',
  'at',
  'blood_group',
  'screening',
  'components',
  'hospital',
  'issued_on',
  'reason',
] as const;

export const UNIT_IMPORT_MESSAGES = {
  fileRequired: 'Vui lòng chọn tệp CSV',
  oneFile: 'Mỗi lần chỉ tải lên một tệp CSV',
  notCsv: 'Tệp phải là CSV (UTF-8) có dòng tiêu đề',
  missingColumns: (cols: string) => `Tệp thiếu cột: ${cols}`,
  tooManyRows: `Mỗi tệp tối đa ${UNIT_EVENT_BATCH_MAX} dòng`,
  report: (accepted: number, duplicates: number, refused: number) =>
    `Đã nhận ${accepted} sự kiện, ${duplicates} trùng lặp, ${refused} bị từ chối`,
  line: (n: number) => `Dòng ${n}`,
} as const;

/** The day-time notification (and e-mail) when the unit is sent to a hospital. */
export const UNIT_ISSUED_MESSAGE = {
  title: 'Giọt máu của bạn đã đến bệnh viện',
  content: (donatedOn: string, hospital: string) =>
    `Đơn vị máu bạn hiến ngày ${donatedOn} đã được chuyển tới ${hospital}.`,
  /** Vietnam hours within which it is sent; outside them it waits for the next window. */
  window: { fromHour: 8, toHour: 20 },
} as const;

/** The lab group replaced a different self-declared one. */
export const LAB_GROUP_MESSAGE = {
  title: 'Nhóm máu của bạn đã được xác định',
  content: (declared: string, lab: string) =>
    `Kết quả xét nghiệm cho biết nhóm máu của bạn là ${lab} (bạn đã khai ${declared}). Hồ sơ của bạn đã được cập nhật.`,
} as const;

/** Staff applied a lab group that differed from an earlier lab group (a blood-group task's APPLIED). */
export const LAB_GROUP_CORRECTED_MESSAGE = {
  title: 'Nhóm máu của bạn đã được cập nhật',
  content: (earlier: string, lab: string) =>
    `Sau khi đối chiếu các kết quả xét nghiệm, nhóm máu của bạn được cập nhật thành ${lab} (trước đây là ${earlier}). Nếu có thắc mắc, vui lòng liên hệ Hội.`,
} as const;

/**
 * A reactive screening result: the donor gets this neutral message, with no word about a result,
 * and the registration check answers DEFERRED with `deferral` until staff close the case.
 */
export const RESULT_CONTACT_MESSAGE = {
  title: 'Hội mời bạn liên hệ',
  content: (phone: string, openingHours: string) =>
    `Vui lòng liên hệ Hội Chữ thập đỏ qua số ${phone} (${openingHours}) để được tư vấn trực tiếp.`,
  deferral: 'Vui lòng liên hệ Hội để được tư vấn trước lần hiến tiếp theo',
} as const;

// ---------------------------------------------------------------------------------------------
// Staff tasks: results to counsel, lab groups that disagree

/** The staff permission to see and close result-counselling cases (ADMIN always may). */
export const STAFF_PERMISSIONS = ['RESULT_COUNSELLING'] as const;
export type TStaffPermission = (typeof STAFF_PERMISSIONS)[number];
export const STAFF_PERMISSION_LABELS: Record<TStaffPermission, string> = {
  RESULT_COUNSELLING: 'tư vấn kết quả',
};
export const ZStaffPermissionsResponse = ZEnvelope(
  z.object({ permissions: z.array(z.enum(STAFF_PERMISSIONS)) }),
);
export const ZStaffPermissionsRequest = z.object({
  permissions: z.array(z.enum(STAFF_PERMISSIONS)).transform((p) => [...new Set(p)]),
});

export const ADMIN_TASKS_API = {
  /** Result-counselling cases (permission RESULT_COUNSELLING or ADMIN). */
  counselling: '/api/admin/tasks/counselling',
  counsellingCase: (id: number | RouteParam) => `/api/admin/tasks/counselling/${id}`,
  counsellingClose: (id: number | RouteParam) => `/api/admin/tasks/counselling/${id}/close`,
  /** Lab groups that differ from an earlier lab group (any staff). */
  bloodGroups: '/api/admin/tasks/blood-groups',
  bloodGroupResolve: (id: number | RouteParam) => `/api/admin/tasks/blood-groups/${id}/resolve`,
  /** The logged-in staff member's own permissions (an ADMIN has all): the console shows what they allow. */
  myPermissions: '/api/admin/me/permissions',
  /** ADMIN: a staff member's permissions. */
  staffPermissions: (id: number | RouteParam) => `/api/admin/staff/${id}/permissions`,
} as const;

export const TASK_STATUSES = ['OPEN', 'CLOSED'] as const;
export const TASK_STATUS_LABELS = { OPEN: 'Cần xử lý', CLOSED: 'Đã xử lý' } as const;
export const ZTaskListQuery = z.object({ status: z.enum(TASK_STATUSES).optional().default('OPEN') });

export const COUNSELLING_TEXTS = {
  title: 'Tư vấn kết quả',
  deadline: 'Hạn liên hệ',
  overdue: 'Quá hạn',
  close: 'Đã liên hệ, tư vấn',
  noteLabel: 'Ghi chú',
  noteRequired: 'Vui lòng nhập ghi chú về buổi tư vấn',
  closed: 'Đã đóng hồ sơ tư vấn',
  alreadyClosed: 'Hồ sơ này đã được đóng trước đó',
  notFound: 'Không tìm thấy hồ sơ',
  empty: 'Không có hồ sơ cần tư vấn',
} as const;

/** A case in the list: who to call and by when. The result itself is implied by the case. */
export const ZCounsellingCase = z.object({
  id: z.number().int(),
  donorId: z.number().int().nullable(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  donatedOn: z.string(),
  unitNumber: z.string(),
  openedAt: z.string(),
  /** yyyy-mm-dd (Vietnam): the chapter's deadline to call. */
  callBy: z.string(),
  status: z.enum(TASK_STATUSES),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type TCounsellingCase = z.infer<typeof ZCounsellingCase>;
export const ZCounsellingListResponse = ZEnvelope(z.array(ZCounsellingCase));
export const ZCounsellingCaseResponse = ZEnvelope(ZCounsellingCase);
export const ZCounsellingCloseRequest = z.object({
  note: z
    .string({ error: COUNSELLING_TEXTS.noteRequired })
    .trim()
    .min(1, COUNSELLING_TEXTS.noteRequired)
    .max(2000),
});

export const BLOOD_GROUP_TASK_TEXTS = {
  title: 'Nhóm máu chênh lệch',
  earlier: 'Nhóm máu xét nghiệm trước',
  reported: 'Nhóm máu xét nghiệm mới',
  keep: 'Giữ nhóm máu cũ',
  apply: 'Áp dụng nhóm máu mới',
  resolved: 'Đã xử lý chênh lệch nhóm máu',
  alreadyResolved: 'Chênh lệch này đã được xử lý trước đó',
  notFound: 'Không tìm thấy chênh lệch',
  empty: 'Không có chênh lệch nhóm máu',
} as const;

export const ZBloodGroupTask = z.object({
  id: z.number().int(),
  donorId: z.number().int().nullable(),
  fullName: z.string().nullable(),
  unitNumber: z.string(),
  earlierGroup: z.string(),
  reportedGroup: z.string(),
  openedAt: z.string(),
  status: z.enum(TASK_STATUSES),
  resolution: z.enum(['KEPT', 'APPLIED']).nullable(),
  resolvedBy: z.string().nullable(),
});
export type TBloodGroupTask = z.infer<typeof ZBloodGroupTask>;
export const ZBloodGroupTaskListResponse = ZEnvelope(z.array(ZBloodGroupTask));
export const ZBloodGroupResolveRequest = z.object({ resolution: z.enum(['KEPT', 'APPLIED']) });
export const ZBloodGroupTaskResponse = ZEnvelope(ZBloodGroupTask);
