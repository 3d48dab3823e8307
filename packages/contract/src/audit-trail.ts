import { ADMIN_APPOINTMENT_STATUS_LABELS } from './day-desk.ts';
import { DONATION_TYPES, deferralReasonLabel } from './donation-types.ts';
import { BROADCAST_AUDIENCE_LABELS } from './broadcasts.ts';
import { INBOX_STATUS_LABELS } from './inbox.ts';
import { IDENTITY_FIELD_LABELS } from './identity-review.ts';
import { STAFF_ROLE_LABELS } from './data-rights.ts';
import {
  API_KEY_SCOPE_LABELS,
  BLOOD_GROUP_TASK_TEXTS,
  STAFF_PERMISSION_LABELS,
  type TApiKeyScope,
  type TStaffPermission,
} from './blood-centre.ts';
import { APPEAL_URGENCY_LABELS, type TAppealUrgency } from './appeal-public.ts';
import { APPEAL_END_REASON_LABELS, appealGroupsLabel, type TAppealEndReason } from './appeal-texts.ts';
import { stockGroupLabel } from './constants.ts';
import { STOCK_LEVEL_LABELS, type TStockLevel } from './stock.ts';

/*
 * The audit trail in words: every action the server writes, with the label the ADMIN's audit page
 * shows and, where a donor should read it differently, the label of the donor's "who saw my data".
 * One table for both. The server's audit helper only accepts these keys (`TAuditAction`), so an
 * action without a label does not compile.
 */

type ActionText = {
  /** The audit page (staff). */
  label: string;
  /** The donor's "who saw my data" when it must be said from the donor's side (default: `label`). */
  donor?: string;
};

export const AUDIT_ACTIONS = {
  'account.deletion.request': { label: 'Yêu cầu xóa tài khoản' },
  'account.deletion.confirm': { label: 'Xác nhận xóa tài khoản' },
  'account.deletion.cancel': { label: 'Hủy yêu cầu xóa tài khoản' },
  'account.deletion.view': { label: 'Xem trạng thái yêu cầu xóa tài khoản' },
  'account.erase': { label: 'Xóa dữ liệu cá nhân của tài khoản' },
  'account.second-factor.enrol': { label: 'Đăng ký ứng dụng xác thực (bước đăng nhập thứ hai)' },
  'appointment.answers.view': { label: 'Xem câu trả lời phiếu câu hỏi sức khỏe' },
  'appointment.check-in': { label: 'Check-in tại điểm hiến máu', donor: 'Tiếp đón tại điểm hiến máu' },
  'appointment.outcome': { label: 'Ghi kết quả hiến máu' },
  'appointment.outcome.correct': { label: 'Sửa kết quả hiến máu' },
  'appointment.screening': { label: 'Ghi kết quả khám sàng lọc', donor: 'Ghi kết quả khám sàng lọc của bạn' },
  'certificate.view': { label: 'Tải giấy chứng nhận hiến máu (PDF)' },
  'certificate.use': { label: 'Ghi một lần sử dụng giấy chứng nhận hiến máu' },
  'certificate.revoke': { label: 'Thu hồi giấy chứng nhận hiến máu' },
  'certificate.list': { label: 'Xem giấy chứng nhận hiến máu của người hiến máu' },
  'honours.view': { label: 'Xem danh sách vinh danh' },
  'honours.export': { label: 'Tải danh sách vinh danh' },
  'audit.export': { label: 'Tải nhật ký thao tác (CSV)' },
  'broadcast.create': { label: 'Gửi thông báo' },
  'campaign.create': { label: 'Tạo chiến dịch' },
  'campaign.update': { label: 'Sửa chiến dịch' },
  'campaign.image': { label: 'Đổi ảnh chiến dịch' },
  'campaign.slots': { label: 'Đổi số chỗ của khung giờ' },
  'campaign.cancel': { label: 'Hủy chiến dịch' },
  'campaign.question-set': { label: 'Chuyển chiến dịch sang phiên bản mới của bộ câu hỏi' },
  'campaign.appointments.view': {
    label: 'Xem danh sách người đăng ký chiến dịch (họ tên, số điện thoại)',
  },
  'campaign.appointments.export': { label: 'Tải danh sách người đăng ký chiến dịch' },
  'donor.search': { label: 'Tìm kiếm người hiến máu (họ tên, e-mail, số điện thoại)' },
  'donor.view': { label: 'Xem hồ sơ người hiến máu' },
  'donor.lab-blood-group': { label: 'Ghi nhóm máu theo kết quả xét nghiệm' },
  'donor.external-donation': { label: 'Ghi lần hiến máu ở nơi khác' },
  'identity.queue.view': { label: 'Xem danh sách căn cước chờ duyệt' },
  'identity.review.view': { label: 'Xem thông tin căn cước để duyệt' },
  'identity.image.view': { label: 'Xem ảnh căn cước công dân' },
  'identity.approve': { label: 'Duyệt xác thực danh tính' },
  'identity.approve.corrected': { label: 'Duyệt xác thực danh tính, có sửa thông tin đọc từ ảnh căn cước' },
  'identity.reject': { label: 'Từ chối xác thực danh tính' },
  'identity.revoke': { label: 'Thu hồi xác thực danh tính của tài khoản giữ số căn cước' },
  'inbox.list': {
    label: 'Xem hộp thư (tin nhắn liên hệ, góp ý sau hiến máu)',
    donor: 'Xem góp ý của bạn trong hộp thư của Hội',
  },
  'inbox.update': { label: 'Cập nhật tin nhắn (trạng thái, người phụ trách)' },
  'inbox.reply': { label: 'Trả lời tin nhắn qua e-mail' },
  'news.create': { label: 'Tạo tin tức' },
  'news.update': { label: 'Sửa tin tức' },
  'news.publish': { label: 'Đăng tin tức' },
  'news.unpublish': { label: 'Gỡ tin tức' },
  'news.thumbnail': { label: 'Đổi ảnh đại diện của tin tức' },
  'question_set.create': { label: 'Tạo bộ câu hỏi' },
  'question_set.update': { label: 'Sửa bộ câu hỏi' },
  'question_set.version': { label: 'Lưu phiên bản mới của bộ câu hỏi' },
  'staff.invite': { label: 'Mời cán bộ' },
  'staff.reinvite': { label: 'Gửi lại thư mời cán bộ' },
  'staff.role': { label: 'Đổi vai trò cán bộ' },
  'staff.deactivate': { label: 'Khóa tài khoản cán bộ' },
  'staff.reactivate': { label: 'Mở khóa tài khoản cán bộ' },
  'staff.second-factor.reset': { label: 'Đặt lại bước đăng nhập thứ hai của cán bộ' },
  'staff.permissions': { label: 'Đổi quyền riêng của cán bộ' },
  'api-key.create': { label: 'Tạo khóa truy cập cho trung tâm máu' },
  'api-key.revoke': { label: 'Thu hồi khóa truy cập' },
  'unit-events.receive': { label: 'Trung tâm máu gửi sự kiện đơn vị máu (khóa truy cập)' },
  'unit-events.import': { label: 'Nhập sự kiện đơn vị máu từ tệp CSV' },
  'stock.update': { label: 'Cập nhật tồn kho máu' },
  'stock.receive': { label: 'Trung tâm máu cập nhật tồn kho máu (khóa truy cập)' },
  'appeal.create': { label: 'Gửi lời kêu gọi hiến máu' },
  'appeal.end': { label: 'Kết thúc lời kêu gọi hiến máu' },
  'rare-blood.list': {
    label: 'Xem danh sách Câu lạc bộ máu hiếm (họ tên, số điện thoại, nhóm máu)',
    donor: 'Xem thông tin liên hệ của bạn trong Câu lạc bộ máu hiếm',
  },
  /*
   * Result counselling. The codes and the donor's words say nothing of a result: the donor's "who
   * saw my data" and their data export list these rows, and a reactive result is given in person.
   */
  'donor.contact-case.list': {
    label: 'Xem danh sách hồ sơ tư vấn kết quả',
    donor: 'Xem thông tin liên hệ của bạn',
  },
  'donor.contact-case.view': { label: 'Xem hồ sơ tư vấn kết quả', donor: 'Xem thông tin liên hệ của bạn' },
  'donor.contact-case.close': {
    label: 'Đóng hồ sơ tư vấn kết quả (đã liên hệ, tư vấn)',
    donor: 'Ghi nhận Hội đã liên hệ với bạn',
  },
  'donor.blood-group-task.list': {
    label: 'Xem danh sách chênh lệch nhóm máu xét nghiệm',
    donor: 'Xem nhóm máu xét nghiệm của bạn',
  },
  'donor.blood-group-task.resolve': {
    label: 'Xử lý chênh lệch nhóm máu xét nghiệm',
    donor: 'Xác nhận nhóm máu xét nghiệm của bạn',
  },
} as const satisfies Record<string, ActionText>;
export type TAuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as TAuditAction[];

const textOf = (action: string): ActionText | undefined =>
  (AUDIT_ACTIONS as Record<string, ActionText>)[action];

/** The audit page's words for an action (an unknown one, written by a newer server, as it is). */
export const auditActionStaffLabel = (action: string): string => textOf(action)?.label ?? action;

/** 'Who saw my data': the kind of each staff action, said to the donor. */
export function auditActionLabel(action: string): string {
  const text = textOf(action);
  if (text) return text.donor ?? text.label;
  return /view|export/.test(action) ? 'Xem dữ liệu của bạn' : 'Thay đổi dữ liệu của bạn';
}

/** The audit page's action filter: the server matches the beginning of the action. */
export const AUDIT_ACTION_GROUPS = [
  { prefix: 'campaign.', label: 'Chiến dịch' },
  { prefix: 'appointment.', label: 'Ngày hiến máu (check-in, kết quả, câu trả lời)' },
  { prefix: 'identity.', label: 'Xác thực căn cước' },
  { prefix: 'donor.', label: 'Hồ sơ người hiến máu' },
  { prefix: 'news.', label: 'Tin tức' },
  { prefix: 'inbox.', label: 'Hộp thư' },
  { prefix: 'broadcast.', label: 'Thông báo' },
  { prefix: 'question_set.', label: 'Bộ câu hỏi' },
  { prefix: 'staff.', label: 'Tài khoản cán bộ' },
  { prefix: 'account.', label: 'Tài khoản người hiến máu' },
  { prefix: 'audit.', label: 'Nhật ký thao tác' },
  { prefix: 'certificate.', label: 'Giấy chứng nhận hiến máu' },
  { prefix: 'honours.', label: 'Vinh danh' },
  { prefix: 'api-key.', label: 'Khóa truy cập' },
  { prefix: 'unit-events.', label: 'Sự kiện đơn vị máu' },
  { prefix: 'stock.', label: 'Tồn kho máu' },
  { prefix: 'appeal.', label: 'Lời kêu gọi' },
  { prefix: 'rare-blood.', label: 'Câu lạc bộ máu hiếm' },
] as const;

/** What the target of a row is, in words ('user' → 'Tài khoản'). */
export const AUDIT_TARGET_TYPE_LABELS: Record<string, string> = {
  user: 'Tài khoản',
  campaign: 'Chiến dịch',
  appointment: 'Lịch hẹn',
  certificate: 'Giấy chứng nhận',
  honours: 'Danh sách vinh danh',
  news: 'Tin tức',
  question_set: 'Bộ câu hỏi',
  broadcast: 'Thông báo',
  contact_message: 'Tin nhắn liên hệ',
  appointment_feedback: 'Góp ý sau hiến máu',
  'identity-review': 'Danh sách căn cước chờ duyệt',
  'donor-search': 'Tìm kiếm người hiến máu',
  audit: 'Nhật ký thao tác',
  'api-key': 'Khóa truy cập',
  'unit-events': 'Sự kiện đơn vị máu',
  'contact-case': 'Hồ sơ tư vấn kết quả',
  'blood-group-task': 'Chênh lệch nhóm máu',
  stock: 'Tồn kho máu',
  appeal: 'Lời kêu gọi',
  'rare-blood': 'Câu lạc bộ máu hiếm',
};
export const auditTargetTypeLabel = (type: string) => AUDIT_TARGET_TYPE_LABELS[type] ?? type;

/** How a donor search was made, as the trail records it (never the words typed). */
const SEARCH_KINDS: Record<string, string> = {
  all: 'tất cả người hiến máu',
  none: 'không tìm',
  card: 'số căn cước đủ 12 số',
  'card-suffix': '4 số cuối căn cước kèm tên',
  phone: 'số điện thoại',
  text: 'tên, tên đăng nhập hoặc e-mail',
};
const STATUS_WORDS: Record<string, string> = {
  ALL: 'Tất cả',
  ...ADMIN_APPOINTMENT_STATUS_LABELS,
  ...INBOX_STATUS_LABELS,
};
const OUTCOME_WORDS: Record<string, string> = {
  DONE: ADMIN_APPOINTMENT_STATUS_LABELS.DONE,
  DEFERRED: ADMIN_APPOINTMENT_STATUS_LABELS.DEFERRED,
  NO_SHOW: ADMIN_APPOINTMENT_STATUS_LABELS.NO_SHOW,
};
const yesNo = (v: unknown) => (v ? 'có' : 'không');
const fieldNames = (v: unknown) =>
  String(v)
    .split(',')
    .filter(Boolean)
    .map((f) => IDENTITY_FIELD_LABELS[f as keyof typeof IDENTITY_FIELD_LABELS] ?? f)
    .join(', ');

type DetailValue = string | number | boolean | null;
/** Names the server knows for ids a detail mentions (a staff member's or a donor's account). */
export type TAuditNames = { user: (id: number) => string | undefined };

/**
 * A detail key in words, or null to leave it out: ids the reader cannot use (an extract's UUID,
 * a reply's number) say nothing, and `null` means "not changed".
 */
const DETAIL_WORDS: Record<string, (v: DetailValue, names: TAuditNames) => string | null> = {
  kind: (v) => `Tìm theo: ${SEARCH_KINDS[String(v)] ?? v}`,
  search: (v) => (v === 'none' ? null : `Tìm theo: ${SEARCH_KINDS[String(v)] ?? v}`),
  results: (v) => `${v} kết quả`,
  rows: (v) => `${v} dòng`,
  format: (v) => `Tệp ${String(v).toUpperCase()}`,
  lateReason: (v) => (v ? `Ghi sau ngày diễn ra, lý do: ${v}` : null),
  hadFactor: (v) => (v ? 'Đã có ứng dụng xác thực trước đó' : 'Chưa có ứng dụng xác thực'),
  items: (v) => `${v} hồ sơ`,
  slots: (v) => `${v} khung giờ`,
  total: (v) => `${v} người nhận`,
  sections: (v) => `${v} phần`,
  version: (v) => `Phiên bản ${v}`,
  cancelledBookings: (v) => `${v} lịch hẹn bị hủy`,
  appointmentsKept: (v) => `${v} lịch hẹn được giữ lại ẩn danh`,
  bloodGroup: (v) => `Nhóm máu: ${v}`,
  province: (v) => (v === null ? null : `Mã tỉnh/thành phố: ${v}`),
  ward: (v) => (v === null ? null : `Mã phường/xã: ${v}`),
  donationType: (v) =>
    v === null ? null : `Loại hiến: ${DONATION_TYPES.find((t) => t.value === v)?.label ?? v}`,
  result: (v) => `Kết quả: ${OUTCOME_WORDS[String(v)] ?? v}`,
  reason: (v) => (v === null ? null : `Lý do: ${deferralReasonLabel(String(v))}`),
  side: (v) => (v === 'front' ? 'Mặt trước' : v === 'back' ? 'Mặt sau' : String(v)),
  role: (v) => `Vai trò: ${STAFF_ROLE_LABELS[String(v)] ?? v}`,
  scheduled: (v) => (v ? 'Hẹn giờ đăng' : 'Đăng ngay'),
  status: (v) => (v === null ? null : `Trạng thái: ${STATUS_WORDS[String(v)] ?? v}`),
  assignedTo: (v, names) => (v === null ? null : `Giao cho: ${names.user(Number(v)) ?? `tài khoản #${v}`}`),
  forUserId: (v, names) => `Tài khoản bị thu hồi: ${names.user(Number(v)) ?? `#${v}`}`,
  audience: (v) =>
    `Người nhận: ${BROADCAST_AUDIENCE_LABELS[v as keyof typeof BROADCAST_AUDIENCE_LABELS] ?? v}`,
  sendEmail: (v) => `Kèm e-mail: ${yesNo(v)}`,
  byCode: (v) => (v ? 'Bằng mã check-in' : 'Từ danh sách'),
  corrected: (v) => (v ? `Thông tin đã sửa: ${fieldNames(v)}` : null),
  volumeMl: (v) => (v === null ? null : `Thể tích: ${v} ml`),
  unitNumber: (v) => (v === null ? null : `Mã túi máu: ${v}`),
  emergency: (v) => (v ? 'Hiến máu khẩn cấp' : null),
  weightKg: (v) => `Cân nặng: ${String(v).replace('.', ',')} kg`,
  systolic: (v) => `Huyết áp tâm thu: ${v} mmHg`,
  diastolic: (v) => `Huyết áp tâm trương: ${v} mmHg`,
  pulse: (v) => `Mạch: ${v} lần/phút`,
  hemoglobinGL: (v) => `Huyết sắc tố: ${v} g/L`,
  temperatureC: (v) => (v === null ? null : `Nhiệt độ: ${String(v).replace('.', ',')} °C`),
  useId: () => null,
  from: (v) => `Từ ngày: ${String(v).split('-').reverse().join('/')}`,
  to: (v) => `Đến ngày: ${String(v).split('-').reverse().join('/')}`,
  extractId: () => null,
  externalDonationId: () => null,
  replyId: () => null,
  previousId: () => null,
  questionSetId: () => null,
  accepted: (v) => `${v} sự kiện được nhận`,
  duplicates: (v) => `${v} trùng lặp`,
  refused: (v) => `${v} bị từ chối`,
  scopes: (v) =>
    `Quyền: ${String(v)
      .split(',')
      .filter(Boolean)
      .map((s) => API_KEY_SCOPE_LABELS[s as TApiKeyScope] ?? s)
      .join(', ')}`,
  expiresOn: (v) =>
    v === null ? 'Không hết hạn' : `Hết hạn sau ngày: ${String(v).split('-').reverse().join('/')}`,
  resolution: (v) => (v === 'APPLIED' ? BLOOD_GROUP_TASK_TEXTS.apply : BLOOD_GROUP_TASK_TEXTS.keep),
  permissions: (v) =>
    v
      ? `Quyền: ${String(v)
          .split(',')
          .map((p) => STAFF_PERMISSION_LABELS[p as TStaffPermission] ?? p)
          .join(', ')}`
      : 'Không có quyền riêng',
  caseId: () => null,
  taskId: () => null,
  groups: (v) => `Nhóm máu cần: ${appealGroupsLabel(String(v).split(',').filter(Boolean))}`,
  urgency: (v) => `Mức độ: ${APPEAL_URGENCY_LABELS[v as TAppealUrgency] ?? v}`,
  target: (v) => `Số người cần: ${v}`,
  endReason: (v) => `Lý do kết thúc: ${APPEAL_END_REASON_LABELS[v as TAppealEndReason] ?? v}`,
  /** 'O-=CRITICAL,A+=OK' → 'Mức dự trữ: O− Nguy cấp, A+ Đủ dùng'. */
  levels: (v) =>
    `Mức dự trữ: ${String(v)
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [group = '', level = ''] = pair.split('=');
        return `${stockGroupLabel(group)} ${STOCK_LEVEL_LABELS[level as TStockLevel] ?? level}`;
      })
      .join(', ')}`,
};

/**
 * A row's detail as words ('Kết quả: Hoàn thành · Loại hiến: Máu toàn phần'); keys the table does
 * not know are said as they are, so nothing recorded is hidden.
 */
export function describeAuditDetail(
  detail: Record<string, DetailValue> | null | undefined,
  names: TAuditNames = { user: () => undefined },
): string | null {
  if (!detail) return null;
  const parts = Object.entries(detail)
    .map(([key, value]) => (DETAIL_WORDS[key] ? DETAIL_WORDS[key](value, names) : `${key}: ${value}`))
    .filter((s): s is string => Boolean(s));
  return parts.length ? parts.join(' · ') : null;
}
