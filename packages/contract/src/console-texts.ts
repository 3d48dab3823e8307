import type { UNIT_EVENT_CSV_COLUMNS } from './blood-centre.ts';
import {
  BLOOD_COMPONENTS,
  DISCARD_REASONS,
  SCREENING_RESULTS,
  UNIT_EVENT_BATCH_MAX,
  UNIT_EVENT_TYPES,
} from './blood-unit-lists.ts';

/*
 * Words of the staff console that its browser tests read back (and, for some, the server says too):
 * written once here, so a test and the screen cannot drift apart. The console's other texts stay in
 * its components.
 */

/** Leaving a form with changes that were not saved. */
export const UNSAVED_CHANGES_TEXTS = {
  title: 'Rời trang khi chưa lưu?',
  description: 'Những thay đổi bạn chưa lưu trên trang này sẽ bị mất.',
  stay: 'Ở lại trang',
  leave: 'Rời trang, bỏ thay đổi',
} as const;

/** A donor's questionnaire answers, opened by staff: the 'Có' answers come first. */
export const ANSWER_TEXTS = {
  dialogTitle: 'Chi tiết phiếu đăng ký hiến máu',
  yesHeading: 'Câu trả lời “Có” (cần hỏi thêm)',
  /** Beside a donor in the day's list and after a check-in. */
  yesFlag: 'Có câu trả lời "Có"',
} as const;

/** The console's navigation: a drawer on phones, a sidebar on desktops; groups and their sections. */
export const CONSOLE_NAV_TEXTS = {
  label: 'Quản trị',
  menu: 'Menu',
  closeMenu: 'Đóng menu',
  groups: {
    day: 'Ngày hiến máu',
    donors: 'Người hiến máu',
    content: 'Nội dung',
    admin: 'Quản trị',
  },
  sections: {
    home: 'Tổng quan',
    today: 'Hôm nay',
    campaigns: 'Chiến dịch',
    questionSets: 'Bộ câu hỏi',
    stock: 'Tồn kho máu',
    donors: 'Người hiến máu',
    identityReviews: 'Xác thực',
    honours: 'Vinh danh',
    rareBlood: 'Máu hiếm',
    news: 'Tin tức',
    inbox: 'Hộp thư',
    broadcasts: 'Thông báo',
    audit: 'Nhật ký',
    staff: 'Tài khoản',
    unitImport: 'Đơn vị máu',
    apiKeys: 'Khóa truy cập',
    appeals: 'Lời kêu gọi',
  },
  /** Said with a section's count of waiting work (the badge shows the number alone). */
  reviewsWaiting: (n: number) => `${n} hồ sơ chờ duyệt`,
  inboxNew: (n: number) => `${n} tin nhắn mới`,
  /** Open tasks beside the inbox's messages (lab blood groups, and results to counsel for those allowed). */
  tasksOpen: (n: number) => `${n} việc cần xử lý`,
  /** On the menu button when something waits. */
  workWaiting: (n: number) => `${n} việc đang chờ`,
} as const;

/** The 403 page: to a donor who opened the console, and to a staff member on an ADMIN page. */
export const FORBIDDEN_TEXTS = {
  title: 'Không có quyền truy cập',
  staffOnly:
    'Trang quản trị chỉ dành cho cán bộ của Hội Chữ thập đỏ. Tài khoản của bạn không có quyền xem trang này.',
  adminOnly:
    'Trang này chỉ dành cho Quản trị viên (ADMIN). Tài khoản cán bộ của bạn không có quyền xem trang này; nếu cần, hãy liên hệ Quản trị viên của Hội.',
  backToConsole: 'Về trang Tổng quan',
} as const;

/** The check-in desk: what a scan or a typed code answers (the birth year confirms the person). */
export const CHECK_IN_TEXTS = {
  heading: 'Check-in',
  codeLabel: 'Mã check-in',
  submit: 'Check-in',
  who: (name: string, birthYear: number | null) => (birthYear ? `${name}, sinh năm ${birthYear}` : name),
  done: (who: string) => `Đã check-in: ${who}`,
  already: (who: string, hhmm: string) => `${who}: đã check-in lúc ${hhmm}`,
  showAnswers: 'Xem câu trả lời',
} as const;

/** The news editor's publication and its confirmation. */
export const NEWS_EDITOR_TEXTS = {
  publish: 'Đăng tin',
  unpublish: 'Gỡ tin',
  unpublishTitle: (title: string) => `Gỡ tin “${title}”?`,
  unpublishBody:
    'Tin sẽ không còn hiện trên trang Tin tức của người hiến máu. Thông báo đã gửi cho người hiến máu không bị thu hồi.',
  undo: 'Hoàn tác',
  republished: 'Đã đăng lại tin tức',
  /** Beside 'Đăng tin' while the form holds changes: they are saved with the publication. */
  publishSavesChanges: 'Khi đăng, các thay đổi chưa lưu trên trang này được lưu cùng lúc.',
} as const;

/** The campaign form's preview of the slots its hours, slot length and places make. */
export const SLOT_PREVIEW_TEXTS = {
  heading: 'Các khung giờ sẽ có',
  empty: 'Nhập ngày, giờ bắt đầu và kết thúc nhận máu để xem các khung giờ.',
  summary: (slots: number, capacity: number, total: number) =>
    `${slots} khung giờ × ${capacity} chỗ = ${total} chỗ`,
  belowTarget: (total: number, target: number) =>
    `Tổng số chỗ (${total}) ít hơn mục tiêu (${target} đơn vị máu): chiến dịch sẽ hết chỗ trước khi đạt mục tiêu. Hãy tăng số chỗ mỗi khung giờ hoặc kéo dài thời gian nhận máu.`,
} as const;

let counts: Intl.NumberFormat | undefined;
/**
 * A count as Vietnamese write it: 1.234. One formatter, made at the first count: `toLocaleString`
 * builds the locale's formatter again at each call, and the console's overview writes dozens.
 */
export const formatCount = (n: number) => (counts ??= new Intl.NumberFormat('vi-VN')).format(n);

/** Sending a broadcast: the confirmation says whom it reaches, and how many. */
export const BROADCAST_TEXTS = {
  reach: (n: number) => `${formatCount(n)} người hiến máu sẽ nhận thông báo này.`,
  confirmTitle: (n: number) => `Gửi thông báo đến ${formatCount(n)} người hiến máu?`,
  confirmBody: (audience: string, title: string) =>
    `Người nhận: ${audience}. Tiêu đề: “${title}”. Thông báo được gửi ngay và không thể thu hồi.`,
  withEmail: 'Kèm e-mail tới những người đã đồng ý nhận e-mail về sự kiện và tin tức.',
  send: 'Gửi thông báo',
} as const;

/** Decisions on an ID card that staff confirm first (the review page). */
export const IDENTITY_DECISION_TEXTS = {
  approveTitle: 'Duyệt căn cước khi thông tin chưa khớp?',
  approveBody:
    'Người hiến máu sẽ được xác thực với thông tin bạn đã nhập. Hãy so lại với ảnh trước khi duyệt:',
  disagreement: (field: string, front: string, back: string, saved: string) =>
    `${field}: mặt trước “${front}”, mặt sau “${back}” — sẽ lưu “${saved}”`,
  expired: (on: string) => `Căn cước đã hết hạn ngày ${on}.`,
  approve: 'Duyệt và xác thực',
  rejectTitle: (name: string) => `Từ chối căn cước của ${name}?`,
  rejectBody: (reason: string) =>
    `Người hiến máu sẽ nhận thông báo và e-mail với lý do “${reason}” và phải gửi lại ảnh căn cước. Không thể hoàn tác.`,
  reject: 'Từ chối và báo cho người hiến máu',
  /** After a decision the next card of the queue opens. */
  nextOpened: 'Đã mở hồ sơ tiếp theo trong danh sách chờ',
  queueEmpty: 'Không còn hồ sơ nào chờ duyệt',
} as const;

/** Recording a donation made elsewhere (it moves the donor's next allowed donation). */
export const EXTERNAL_DONATION_TEXTS = {
  confirmTitle: (name: string) => `Ghi lần hiến máu ở nơi khác cho ${name}?`,
  what: (day: string, type: string, place: string) => `${day} · ${type} · ${place}`,
  nextAllowed: (day: string) =>
    `Lần hiến này được tính vào khoảng cách giữa hai lần hiến: người hiến máu chỉ đăng ký hiến lại được từ ngày ${day}.`,
  noUndo: 'Lần hiến đã ghi không xóa được trên trang quản trị: hãy kiểm tra kỹ trước khi ghi.',
  confirm: 'Ghi lần hiến máu',
} as const;

/** The headline figures the overview starts with (for the chosen period; reviews: now). */
export const DASHBOARD_FIGURE_TEXTS = {
  heading: 'Số liệu chính',
  registrations: 'Lượt đăng ký',
  donations: 'Lượt hiến máu',
  units: 'Đơn vị máu / mục tiêu',
  reviews: 'Hồ sơ chờ duyệt',
  openReviews: 'Mở danh sách chờ duyệt',
} as const;

/** The blood centre's API keys (ADMIN): the page, the creation form, the key shown once, revoking. */
export const API_KEY_PAGE_TEXTS = {
  title: 'Khóa truy cập',
  sub: 'Khóa để hệ thống của trung tâm máu gửi dữ liệu về Hội qua API. Mỗi khóa chỉ hiển thị một lần, khi tạo; hãy thu hồi khóa không còn dùng.',
  createHeading: 'Tạo khóa mới',
  name: 'Tên khóa',
  nameHint: 'Để nhận ra khóa sau này, ví dụ: Viện Huyết học — phần mềm xét nghiệm',
  scopes: 'Quyền của khóa',
  expiresOn: 'Ngày hết hạn (không bắt buộc)',
  expiresOnHint: 'Khóa ngừng hoạt động sau ngày này. Để trống nếu khóa không hết hạn.',
  create: 'Tạo khóa',
  listHeading: 'Các khóa đã tạo',
  empty: 'Chưa có khóa truy cập nào',
  prefix: 'Mã nhận diện',
  expiry: 'Hết hạn',
  noExpiry: 'Không hết hạn',
  lastUsed: 'Dùng lần cuối',
  neverUsed: 'Chưa dùng lần nào',
  created: (on: string, by: string | null) => (by ? `Tạo ngày ${on} bởi ${by}` : `Tạo ngày ${on}`),
  /** The dialog that shows a new key, this once. */
  keyLabel: 'Khóa truy cập mới',
  copy: 'Sao chép khóa',
  copied: 'Đã sao chép khóa',
  copyFailed: 'Không sao chép được. Hãy chọn khóa trong ô và sao chép thủ công.',
  keptIt: 'Tôi đã lưu khóa',
  revoke: 'Thu hồi',
  revokeTitle: (name: string) => `Thu hồi khóa “${name}”?`,
  revokeBody:
    'Mọi yêu cầu gửi bằng khóa này bị từ chối ngay. Không thể hoàn tác: để kết nối lại, hãy tạo khóa mới.',
  confirmRevoke: 'Thu hồi khóa',
} as const;

/** What each column of the unit-event CSV file holds (the import page explains them). */
export const UNIT_EVENT_CSV_COLUMN_HINTS: Record<(typeof UNIT_EVENT_CSV_COLUMNS)[number], string> = {
  event_id: 'Mã sự kiện của trung tâm máu; gửi lại cùng mã không ghi trùng',
  unit_number: 'Mã túi máu ghi khi hiến máu',
  type: `${UNIT_EVENT_TYPES.slice(0, -1).join(', ')} hoặc ${UNIT_EVENT_TYPES.at(-1)}`,
  at: 'Thời điểm, có múi giờ (ví dụ 2026-11-20T09:30:00+07:00)',
  blood_group: 'Với TESTED: nhóm máu (A+, B-, O+, AB+ …)',
  screening: `Với TESTED: ${SCREENING_RESULTS.join(' hoặc ')}`,
  components: `Với PROCESSED: ${BLOOD_COMPONENTS.join(', ')}, cách nhau bằng |`,
  hospital: 'Với ISSUED: tên bệnh viện',
  issued_on: 'Với ISSUED: ngày chuyển (yyyy-mm-dd)',
  reason: `Với DISCARDED: ${DISCARD_REASONS.join(', ')}`,
};

/** Uploading the blood centre's unit events as a CSV file, and the report of the upload. */
export const UNIT_IMPORT_PAGE_TEXTS = {
  title: 'Nhập sự kiện đơn vị máu',
  sub: 'Tệp CSV của trung tâm máu: xét nghiệm, điều chế, chuyển tới bệnh viện hoặc hủy từng túi máu. Tải lại cùng một tệp không ghi trùng sự kiện.',
  pick: 'Chọn tệp CSV để tải lên',
  uploading: 'Đang tải lên…',
  columnsHeading: 'Cột của tệp',
  columnsIntro: `Dòng đầu là tên các cột (thứ tự tùy ý), mỗi dòng sau là một sự kiện, tối đa ${UNIT_EVENT_BATCH_MAX} dòng, mã hóa UTF-8. Cột nào không dùng cho loại sự kiện thì để trống.`,
  reportHeading: (fileName: string) => `Kết quả nhập tệp ${fileName}`,
  problemsHeading: 'Các dòng không được ghi',
  line: 'Dòng',
  eventId: 'Mã sự kiện',
  message: 'Lý do',
  outcomes: { ACCEPTED: 'Đã ghi', DUPLICATE: 'Trùng lặp', REFUSED: 'Bị từ chối' },
  /** A duplicate row the server sent without words of its own. */
  duplicate: 'Sự kiện này đã được ghi trước đó',
  allAccepted: 'Mọi dòng của tệp đều đã được ghi.',
} as const;

/** The inbox's tasks beside its messages: lab blood groups that disagree, results to counsel. */
export const CONSOLE_TASK_TEXTS = {
  tabs: 'Hộp thư và việc cần xử lý',
  messages: 'Tin nhắn',
  status: 'Trạng thái',
  donor: 'Người hiến máu',
  /** A case whose donor deleted the account. */
  unknownDonor: 'Tài khoản đã xóa',
  phone: 'Điện thoại',
  noPhone: 'Chưa có số điện thoại',
  donatedOn: 'Ngày hiến máu',
  unitNumber: 'Mã túi máu',
  openedAt: 'Ngày ghi nhận',
  counsellingSub:
    'Người hiến máu cần được Hội gọi điện tư vấn trực tiếp. Không nhắn tin hay gửi e-mail về kết quả.',
  counsellingForbidden:
    'Trang này chỉ dành cho Quản trị viên và cán bộ được giao quyền tư vấn kết quả. Nếu cần, hãy liên hệ Quản trị viên của Hội.',
  closeFor: (name: string) => `Ghi nhận đã gọi điện tư vấn cho ${name}. Hồ sơ sẽ được đóng.`,
  closedBy: (who: string, at: string) => `Đã đóng lúc ${at} bởi ${who}`,
  noneClosed: 'Chưa có hồ sơ nào được đóng',
  bloodGroupsSub:
    'Nhóm máu xét nghiệm mới khác nhóm máu đã xác định trước đó. Hãy kiểm tra lại với trung tâm máu, rồi chọn nhóm máu giữ trong hồ sơ.',
  resolveTitle: (action: string, name: string) => `${action} cho ${name}?`,
  keepBody: (earlier: string) => `Hồ sơ giữ nhóm máu ${earlier}.`,
  applyBody: (earlier: string, reported: string) =>
    `Nhóm máu đã xác định trong hồ sơ đổi từ ${earlier} thành ${reported}.`,
  resolutions: { KEPT: 'Đã giữ nhóm máu cũ', APPLIED: 'Đã áp dụng nhóm máu mới' },
  resolvedBy: (who: string) => `Xử lý bởi ${who}`,
} as const;

/** A staff member's permissions on the staff accounts page (ADMIN). */
export const STAFF_PERMISSION_TEXTS = {
  toggle: (label: string) => `Quyền ${label}`,
  adminHasAll: 'Quản trị viên có mọi quyền',
  grantTitle: (label: string, username: string) => `Cấp quyền ${label} cho ${username}?`,
  withdrawTitle: (label: string, username: string) => `Bỏ quyền ${label} của ${username}?`,
  grantBody:
    'Cán bộ sẽ xem được danh sách người hiến máu cần tư vấn kết quả xét nghiệm (họ tên, số điện thoại) và đóng hồ sơ. Mỗi lần xem được ghi vào nhật ký.',
  withdrawBody: 'Cán bộ sẽ không còn xem được các hồ sơ tư vấn kết quả.',
  grant: 'Cấp quyền',
  withdraw: 'Bỏ quyền',
} as const;
