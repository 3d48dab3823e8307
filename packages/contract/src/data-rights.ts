import { z } from 'zod';
import { vnDayOf } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { singleLineText } from './text-field.ts';
import { CURRENT_DONOR_TERMS_VERSION } from './users.ts';
import { PRIVACY } from './privacy.ts';
import { PAGES, PROFILE_TABS } from './pages.ts';
import { RARE_BLOOD_MESSAGES, RARE_BLOOD_TEXTS } from './rare-blood.ts';

/**
 * Donors' data rights (Law 91/2025/QH15 on personal data protection, Decree 356/2025): consents per
 * purpose, a copy of everything held, erasure of the account, and who among staff saw their data.
 */

/** What a donor agrees to, each on its own. */
export const CONSENT_PURPOSES = [
  'TERMS',
  'ID_DATA',
  'HEALTH_DATA',
  'CAMPAIGN_EMAILS',
  'APPEALS',
  'RARE_BLOOD_CLUB',
] as const;
export type TConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * The version of each text in force. Changing one makes the portal ask every donor again before the
 * feature that needs it (registration needs TERMS, ID_DATA and HEALTH_DATA).
 */
export const CONSENT_VERSIONS: Record<TConsentPurpose, string> = {
  TERMS: '2026-11',
  // The donor-profile wizard's terms step: the same text, the same version.
  ID_DATA: CURRENT_DONOR_TERMS_VERSION,
  HEALTH_DATA: '2026-11',
  CAMPAIGN_EMAILS: '2026-11',
  APPEALS: '2026-11',
  RARE_BLOOD_CLUB: '2026-11',
};

/** The consents a registration for a campaign needs. */
export const REGISTRATION_CONSENTS: readonly TConsentPurpose[] = ['TERMS', 'ID_DATA', 'HEALTH_DATA'];

export type TConsentText = {
  title: string;
  /** What the donor agrees to (the text of the version in force). */
  text: string;
  /** Optional consents are off until switched on and can be switched freely. */
  optional: boolean;
  /** Said before a withdrawal is confirmed (null: cannot be withdrawn here). */
  withdrawWarning: string | null;
  /**
   * Given only by joining the feature it serves (the consent list can withdraw it, not give it):
   * what the consent list answers to a giving, and shows instead of an 'on' switch.
   */
  givenInFeature?: string;
};

export const CONSENT_TEXTS: Record<TConsentPurpose, TConsentText> = {
  TERMS: {
    title: 'Điều khoản sử dụng',
    text: 'Tôi đồng ý với Điều khoản sử dụng và Chính sách bảo mật của cổng Giọt Hồng.',
    optional: false,
    // Withdrawing the terms of use is closing the account: 'Xóa tài khoản' does that.
    withdrawWarning: null,
  },
  ID_DATA: {
    title: 'Xử lý dữ liệu căn cước công dân',
    text: 'Tôi đồng ý cho Hội Chữ thập đỏ xử lý ảnh và thông tin căn cước công dân của tôi để xác thực danh tính người hiến máu.',
    optional: false,
    withdrawWarning:
      'Khi rút lại đồng ý này, bạn sẽ không thể đăng ký hiến máu và không thể xác thực lại căn cước cho đến khi đồng ý lại. Thông tin đã lưu không bị xóa; để xóa, hãy dùng “Xóa tài khoản”.',
  },
  HEALTH_DATA: {
    title: 'Xử lý câu trả lời phiếu sức khỏe',
    text: 'Tôi đồng ý cho Hội Chữ thập đỏ xử lý câu trả lời phiếu câu hỏi sức khỏe của tôi để khám sàng lọc, bảo đảm an toàn cho tôi và người nhận máu.',
    optional: false,
    withdrawWarning:
      'Khi rút lại đồng ý này, bạn sẽ không thể đăng ký hiến máu (phiếu câu hỏi sức khỏe là bắt buộc) cho đến khi đồng ý lại. Câu trả lời đã gửi không bị xóa; để xóa, hãy dùng “Xóa tài khoản”.',
  },
  CAMPAIGN_EMAILS: {
    title: 'Email về sự kiện hiến máu và tin tức',
    text: 'Tôi muốn nhận email về các sự kiện hiến máu và tin tức của Hội Chữ thập đỏ.',
    optional: true,
    withdrawWarning: null,
  },
  APPEALS: {
    title: 'Nhận lời kêu gọi khi nhóm máu của tôi cần',
    text: 'Tôi đồng ý nhận lời kêu gọi hiến máu (thông báo trong cổng và email) khi nhóm máu của tôi đang thiếu, không quá một lần trong 14 ngày trừ trường hợp nguy cấp. Hội dùng nhóm máu, ngày hiến gần nhất và tình trạng đủ điều kiện hiến của tôi để chọn người nhận.',
    optional: true,
    withdrawWarning: null,
  },
  // Joining the club gives it, leaving withdraws it; withdrawing it here also ends the membership.
  RARE_BLOOD_CLUB: {
    title: RARE_BLOOD_TEXTS.title,
    text: RARE_BLOOD_TEXTS.membership,
    optional: true,
    withdrawWarning: null,
    givenInFeature: RARE_BLOOD_MESSAGES.joinOnCard,
  },
};

/** Said above the questionnaire's submit button: submitting gives the health-answers consent (its version travels with it). */
export const HEALTH_CONSENT_NOTICE = `Khi nhấn “Xác nhận đăng ký”, bạn xác nhận: ${CONSENT_TEXTS.HEALTH_DATA.text}`;

/** Retention promised to donors; the server's configuration defaults to these same numbers. */
export const DATA_RIGHTS = {
  /** Days a prepared export stays downloadable. */
  exportRetentionDays: 7,
  /** Days between a confirmed deletion request and the erasure, during which it can be cancelled. */
  deletionGraceDays: 7,
  /** Hours the e-mailed confirmation link of a deletion request is valid. */
  deletionLinkHours: 24,
} as const;

/** What is kept after erasure because another law requires it, with the reason (the privacy tab and the terms say it). */
export const RECORDS_KEPT_AFTER_ERASURE: { what: string; reason: string }[] = [
  {
    what: 'Kết quả các lần hiến máu đã thực hiện (ngày, sự kiện, loại và thể tích), không kèm họ tên hay số căn cước',
    reason:
      'Luật Khám bệnh, chữa bệnh và các quy định về an toàn truyền máu (Thông tư 26/2013/TT-BYT) yêu cầu lưu hồ sơ hiến máu để truy xuất nguồn gốc đơn vị máu; trên cổng chỉ còn số đếm ẩn danh của sự kiện.',
  },
  {
    what: 'Nhật ký thao tác của cán bộ (thời điểm, loại thao tác, mã số), không chứa thông tin cá nhân của bạn',
    reason:
      'Luật Bảo vệ dữ liệu cá nhân yêu cầu ghi nhận việc xử lý dữ liệu cá nhân nhạy cảm để có thể kiểm tra lại.',
  },
];

export const DATA_RIGHTS_API = {
  /** Public: purposes, versions, retention periods from the configuration, records kept. */
  policy: '/api/privacy/policy',
  consents: '/api/privacy/consents',
  consent: (purpose: TConsentPurpose | string) => `/api/privacy/consents/${purpose}`,
  exports: '/api/privacy/exports',
  exportDownload: (id: string) => `/api/privacy/exports/${id}/download`,
  deletion: '/api/privacy/deletion',
  /** The e-mailed link's token (from the page's URL fragment). */
  deletionConfirm: '/api/privacy/deletion/confirm',
  views: '/api/privacy/views',
  /** Staff: a donor's deletion request (the donor record shows it). */
  adminDeletion: (userId: number | string) => `/api/admin/users/${userId}/deletion-request`,
} as const;

/** The privacy tab of /trang-ca-nhan and the page the deletion e-mail links to. */
export const PRIVACY_TAB = PROFILE_TABS.privacy;
export const DELETION_CONFIRM_PAGE = PAGES.deletionConfirm;

export const DATA_RIGHTS_MESSAGES = {
  consentRequired: (purpose: TConsentPurpose) =>
    `Vui lòng đồng ý “${CONSENT_TEXTS[purpose].title}” (phiên bản mới) trước khi tiếp tục.`,
  consentWithdrawn: (purpose: TConsentPurpose) =>
    `Bạn đã rút lại đồng ý “${CONSENT_TEXTS[purpose].title}” nên không thể đăng ký hiến máu. Bạn có thể đồng ý lại trong Trang cá nhân › Quyền riêng tư.`,
  wrongVersion: 'Phiên bản văn bản không còn hiệu lực. Vui lòng tải lại trang.',
  cannotWithdraw: 'Không thể rút lại đồng ý này. Để ngừng sử dụng cổng, hãy dùng “Xóa tài khoản”.',
  consentSaved: 'Đã lưu lựa chọn của bạn',
  exportRequested:
    'Đang chuẩn bị dữ liệu của bạn. Bạn sẽ nhận được thông báo và email khi tệp sẵn sàng để tải.',
  exportPending: 'Dữ liệu của bạn đang được chuẩn bị. Vui lòng chờ thông báo.',
  exportNotFound: 'Không tìm thấy tệp dữ liệu hoặc tệp đã hết hạn',
  passwordWrong: 'Mật khẩu không đúng',
  passwordRequired: 'Vui lòng nhập mật khẩu',
  deletionMailSent:
    'Chúng tôi đã gửi email xác nhận. Hãy mở liên kết trong email để xác nhận yêu cầu xóa tài khoản.',
  deletionAlreadyScheduled: 'Tài khoản của bạn đã được lên lịch xóa.',
  deletionLinkInvalid: 'Liên kết xác nhận không hợp lệ hoặc đã hết hạn',
  deletionScheduled: (date: string) =>
    `Đã xác nhận yêu cầu xóa tài khoản. Tài khoản và dữ liệu của bạn sẽ bị xóa vào ngày ${date}. Trước ngày đó bạn có thể hủy yêu cầu trong Trang cá nhân › Quyền riêng tư.`,
  deletionCancelled: 'Đã hủy yêu cầu xóa tài khoản. Tài khoản của bạn vẫn được giữ nguyên.',
  noDeletionRequest: 'Không có yêu cầu xóa tài khoản nào đang chờ',
  deletionPendingNoRegistration:
    'Tài khoản của bạn đang chờ xóa nên không thể đăng ký hiến máu. Hãy hủy yêu cầu xóa tài khoản nếu muốn tiếp tục.',
  tooManyDeletionTries: (wait: string) => `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${wait}.`,
  staffCannotDelete: 'Tài khoản cán bộ không thể tự xóa. Vui lòng liên hệ quản trị viên.',
} as const;

export const DATA_RIGHTS_MAIL_SUBJECTS = {
  exportReady: 'Dữ liệu của bạn trên Giọt Hồng đã sẵn sàng để tải',
  deletionConfirm: 'Xác nhận yêu cầu xóa tài khoản Giọt Hồng',
  deletionScheduled: 'Tài khoản Giọt Hồng của bạn sẽ bị xóa',
  erased: 'Tài khoản Giọt Hồng của bạn đã được xóa',
} as const;

// The words of each staff action ('who saw my data') are in audit-trail.ts, with the audit page's.
export const STAFF_ROLE_LABELS: Record<string, string> = {
  STAFF: 'Cán bộ của Hội',
  ADMIN: 'Quản trị viên',
};

export const ZConsentPurposeParam = z.object({ purpose: z.enum(CONSENT_PURPOSES) });

export const ZConsent = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  /** Version currently in force. */
  currentVersion: z.string(),
  /** The version agreed to last (null: never agreed). */
  version: z.string().nullable(),
  givenAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** Agreed to the version in force and not withdrawn. */
  active: z.boolean(),
});
export type TConsent = z.infer<typeof ZConsent>;
export const ZConsentsResponse = ZEnvelope(z.array(ZConsent));

export const ZConsentChange = z.object({
  given: z.boolean(),
  /** The version the donor was shown (must be the one in force when giving). */
  version: singleLineText().min(1).max(40),
});
export type TConsentChange = z.infer<typeof ZConsentChange>;
export const ZConsentResponse = ZEnvelope(ZConsent);

export const EXPORT_STATUS = ['PENDING', 'READY', 'FAILED'] as const;
export const ZDataExport = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUS),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;
export const ZDataExportsResponse = ZEnvelope(z.array(ZDataExport));
export const ZDataExportResponse = ZEnvelope(ZDataExport);
export const ZExportIdParam = z.object({ id: z.string().uuid() });

export const ZDeletionRequest = z.object({
  password: singleLineText({ error: DATA_RIGHTS_MESSAGES.passwordRequired })
    .min(1, DATA_RIGHTS_MESSAGES.passwordRequired)
    .max(128),
});
export type TDeletionRequest = z.infer<typeof ZDeletionRequest>;

export const ZDeletionConfirm = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export type TDeletionConfirm = z.infer<typeof ZDeletionConfirm>;

export const ZDeletionStatus = z.object({
  /** NONE, AWAITING_CONFIRMATION (mail sent), SCHEDULED (erasure on eraseAfter). */
  state: z.enum(['NONE', 'AWAITING_CONFIRMATION', 'SCHEDULED']),
  requestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  eraseAfter: z.string().nullable(),
});
export type TDeletionStatus = z.infer<typeof ZDeletionStatus>;
export const ZDeletionStatusResponse = ZEnvelope(ZDeletionStatus);

/** The deletion request as the staff donor record states it (days in Vietnam time, dd/MM/yyyy). */
export function deletionStatusStaffLabel(d: TDeletionStatus): string {
  const day = (iso: string | null) => (iso ? vnDayOf(iso).split('-').reverse().join('/') : '');
  if (d.state === 'AWAITING_CONFIRMATION')
    return `Đã yêu cầu ngày ${day(d.requestedAt)}, chờ người hiến máu xác nhận qua email`;
  if (d.state === 'SCHEDULED')
    return `Đã xác nhận ngày ${day(d.confirmedAt)}; tài khoản sẽ bị xóa từ ngày ${day(d.eraseAfter)} nếu người hiến máu không hủy`;
  return 'Không có';
}

export const ZDataView = z.object({
  at: z.string(),
  action: z.string(),
  label: z.string(),
  role: z.string(),
  roleLabel: z.string(),
});
export type TDataView = z.infer<typeof ZDataView>;
export const ZDataViewsResponse = ZEnvelope(z.array(ZDataView));

export const ZPrivacyPolicy = z.object({
  purposes: z.array(
    z.object({
      purpose: z.enum(CONSENT_PURPOSES),
      title: z.string(),
      text: z.string(),
      version: z.string(),
      optional: z.boolean(),
    }),
  ),
  retention: z.object({
    idImageDays: z.number().int(),
    exportDays: z.number().int(),
    deletionGraceDays: z.number().int(),
  }),
  keptAfterErasure: z.array(z.object({ what: z.string(), reason: z.string() })),
});
export type TPrivacyPolicy = z.infer<typeof ZPrivacyPolicy>;
export const ZPrivacyPolicyResponse = ZEnvelope(ZPrivacyPolicy);

/** Default retention figures (the configuration may change them; the policy API says the ones in force). */
export const DEFAULT_RETENTION = {
  idImageDays: PRIVACY.idCardImageRetentionDays,
  exportDays: DATA_RIGHTS.exportRetentionDays,
  deletionGraceDays: DATA_RIGHTS.deletionGraceDays,
} as const;
