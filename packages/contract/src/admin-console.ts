import { z } from 'zod';
import { ZCampaign } from './campaigns.ts';
import { parseInstant, vnDayOf, zDay, zInstant } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { ZId, ZIdParam } from './ids.ts';
import { singleLineText } from './text-field.ts';
import { ZAppointmentAnswerSection } from './appointments.ts';
import { DONATION_RULES } from './constants.ts';
import { ZEmail, ZUsername } from './auth.ts';
import { ZSlotCapacity, ZSlotMinutes } from './slots.ts';
import { ZScreening } from './screening.ts';
import { UNIT_NUMBER_MESSAGES, ZUnitNumber } from './unit-number.ts';
import { STAFF_PERMISSIONS } from './blood-centre.ts';

/*
 * The staff console's API (staff console I: campaigns and the donation day): paths, request
 * schemas with their Vietnamese messages, answer shapes, donation types, deferral reasons and the
 * donation intervals. The console's forms and the server validate with the same schemas.
 */

export const ADMIN_API = {
  campaigns: '/api/admin/campaigns',
  campaign: (id: number | string) => `/api/admin/campaigns/${id}`,
  campaignCancel: (id: number | string) => `/api/admin/campaigns/${id}/cancel`,
  campaignImage: (id: number | string) => `/api/admin/campaigns/${id}/image`,
  campaignAppointments: (id: number | string) => `/api/admin/campaigns/${id}/appointments`,
  campaignAppointmentsCsv: (id: number | string) => `/api/admin/campaigns/${id}/appointments.csv`,
  campaignAppointmentsXlsx: (id: number | string) => `/api/admin/campaigns/${id}/appointments.xlsx`,
  questionSets: '/api/admin/question-sets',
  appointmentCheckIn: (id: number | string) => `/api/admin/appointments/${id}/check-in`,
  appointmentOutcome: (id: number | string) => `/api/admin/appointments/${id}/outcome`,
  appointmentAnswers: (id: number | string) => `/api/admin/appointments/${id}/answers`,
  checkIn: '/api/admin/check-in',
  /** How much work waits for staff (the console's navigation shows it). */
  waitingWork: '/api/admin/waiting-work',
} as const;

export const ADMIN_MESSAGES = {
  nameRequired: 'Vui lòng nhập tên chiến dịch',
  nameTooLong: 'Tên chiến dịch không quá 200 ký tự',
  locationRequired: 'Vui lòng nhập địa điểm',
  locationTooLong: 'Địa điểm không quá 300 ký tự',
  descriptionTooLong: 'Mô tả không quá 5000 ký tự',
  timeRequired: 'Vui lòng nhập ngày và giờ',
  windowSameDay: 'Thời gian nhận máu phải nằm trong ngày diễn ra chiến dịch',
  endAfterStart: 'Giờ kết thúc nhận máu phải sau giờ bắt đầu',
  endInFuture: 'Giờ kết thúc nhận máu phải ở tương lai',
  targetRange: 'Mục tiêu phải là số nguyên từ 1 đến 100000',
  questionSetRequired: 'Vui lòng chọn bộ câu hỏi',
  questionSetNotFound: 'Bộ câu hỏi không tồn tại',
  cancelReasonRequired: 'Vui lòng nhập lý do hủy',
  cancelReasonTooLong: 'Lý do hủy không quá 500 ký tự',
  resultRequired: 'Vui lòng chọn kết quả',
  donationTypeRequired: 'Vui lòng chọn loại hiến',
  volumeRange: 'Thể tích phải là số nguyên từ 50 đến 1000 ml',
  deferralReasonRequired: 'Vui lòng chọn lý do tạm hoãn',
  deferralTextRequired: 'Vui lòng ghi rõ lý do',
  deferredUntilRequired: 'Vui lòng chọn ngày hết tạm hoãn',
  deferredUntilFuture: 'Ngày hết tạm hoãn phải sau hôm nay',
  campaignNotFound: 'Không tìm thấy chiến dịch',
  imageNotFound: 'Chiến dịch chưa có ảnh',
  imageInvalid: 'Ảnh không hợp lệ. Vui lòng chọn ảnh JPG, PNG, WebP hoặc GIF không quá 5MB',
  campaignCancelled: 'Chiến dịch đã bị hủy, không thể thay đổi',
  campaignAlreadyCancelled: 'Chiến dịch này đã được hủy trước đó',
  appointmentNotFound: 'Không tìm thấy lịch hẹn',
  codeRequired: 'Vui lòng nhập mã check-in',
  codeNotFound: 'Không tìm thấy lịch hẹn với mã này',
  codeOtherCampaign: 'Mã này thuộc một chiến dịch khác',
  checkInNotBooking: 'Chỉ lịch hẹn đang đặt mới có thể check-in',
  checkedIn: 'Đã check-in',
  /** A second check-in of the same appointment (a second scan, another desk): when it was done. */
  alreadyCheckedIn: (hhmm: string) => `Đã check-in lúc ${hhmm}`,
  outcomeCancelled: 'Lịch hẹn đã bị hủy, không thể ghi kết quả',
  outcomeExists: 'Kết quả của lịch hẹn này vừa được ghi bởi người khác. Vui lòng xem lại trước khi sửa.',
  /** 409 of a check-in or an outcome before the campaign's day (or a check-in after it). */
  notCampaignDay: (day: string) => `Chỉ check-in và ghi kết quả trong ngày diễn ra chiến dịch (${day})`,
  lateReasonRequired: 'Chiến dịch đã qua ngày diễn ra: vui lòng ghi lý do ghi hoặc sửa kết quả muộn',
  lateReasonTooLong: 'Lý do không quá 500 ký tự',
} as const;
const M = ADMIN_MESSAGES;

/** Donation types, with the volume a collection usually has (the outcome form's default). */
export const DONATION_TYPES = [
  { value: 'WHOLE_BLOOD', label: 'Máu toàn phần', defaultVolumeMl: 350 },
  { value: 'APHERESIS_PLATELETS', label: 'Gạn tách tiểu cầu', defaultVolumeMl: 250 },
  { value: 'APHERESIS_PLASMA', label: 'Gạn tách huyết tương', defaultVolumeMl: 500 },
] as const;
export type TDonationType = (typeof DONATION_TYPES)[number]['value'];

/**
 * Days from a donation until the next one is allowed, by the type of that donation, as set by
 * Thông tư 26/2013/TT-BYT (Bộ Y tế, hướng dẫn hoạt động truyền máu): whole blood at least
 * 12 weeks apart; blood components taken by apheresis at least 2 weeks apart.
 */
export const DONATION_INTERVAL_DAYS: Record<TDonationType, number> = {
  WHOLE_BLOOD: DONATION_RULES.wholeBloodIntervalDays,
  APHERESIS_PLATELETS: 14,
  APHERESIS_PLASMA: 14,
};

export const DEFERRAL_REASONS = [
  { value: 'LOW_HEMOGLOBIN', label: 'Huyết sắc tố thấp' },
  { value: 'BLOOD_PRESSURE', label: 'Huyết áp không đạt' },
  { value: 'LOW_WEIGHT', label: 'Cân nặng không đạt' },
  { value: 'RECENT_ILLNESS_OR_MEDICATION', label: 'Mới ốm hoặc đang dùng thuốc' },
  { value: 'RECENT_TATTOO_OR_PIERCING', label: 'Mới xăm hình hoặc xỏ khuyên' },
  { value: 'OTHER', label: 'Lý do khác' },
] as const;
export type TDeferralReason = (typeof DEFERRAL_REASONS)[number]['value'];

/** The label of a deferral reason, or the staff's text for OTHER. */
export const deferralReasonLabel = (reason: string, text?: string | null) =>
  reason === 'OTHER' && text ? text : (DEFERRAL_REASONS.find((r) => r.value === reason)?.label ?? reason);

/** An instant of a campaign's times: ISO with a zone, a real day, year 2000–2100. */
const ZInstant = zInstant({ message: M.timeRequired });

type TWindow = { organizeTime: string; startReceiveTime: string; endReceiveTime: string };

/** The receiving window lies on the event day (Vietnam) and ends after it starts. */
function checkWindow(v: TWindow, ctx: z.RefinementCtx) {
  const times = [v.organizeTime, v.startReceiveTime, v.endReceiveTime];
  if (times.some((t) => !parseInstant(t))) return;
  const day = vnDayOf(v.organizeTime);
  if (vnDayOf(v.startReceiveTime) !== day || vnDayOf(v.endReceiveTime) !== day)
    ctx.addIssue({ code: 'custom', path: ['startReceiveTime'], message: M.windowSameDay });
  if (Date.parse(v.endReceiveTime) <= Date.parse(v.startReceiveTime))
    ctx.addIssue({ code: 'custom', path: ['endReceiveTime'], message: M.endAfterStart });
}

const windowFields = { organizeTime: ZInstant, startReceiveTime: ZInstant, endReceiveTime: ZInstant };

/** The times alone: a form checks them even while another field is still wrong. */
export const ZAdminCampaignWindow = z.object(windowFields).superRefine(checkWindow);

/** A campaign as staff create or edit it; times are ISO instants (the form enters Vietnam time). */
export const ZAdminCampaignRequest = z
  .object({
    name: z.string().trim().min(1, M.nameRequired).max(200, M.nameTooLong),
    location: z.string().trim().min(1, M.locationRequired).max(300, M.locationTooLong),
    ...windowFields,
    description: z.string().trim().max(5000, M.descriptionTooLong),
    targetBloodUnits: z
      .number({ error: M.targetRange })
      .int(M.targetRange)
      .min(1, M.targetRange)
      .max(100_000, M.targetRange),
    questionSetId: ZId.or(z.undefined()).refine((v) => v !== undefined, M.questionSetRequired),
    /** Slot length in minutes (default 30) and places per slot (default: the target spread over the slots). */
    slotMinutes: ZSlotMinutes.optional(),
    slotCapacity: ZSlotCapacity.optional(),
  })
  .superRefine(checkWindow);
export type TAdminCampaignRequest = z.input<typeof ZAdminCampaignRequest>;

/**
 * A new campaign is still receiving donors: its receiving ends in the future. Its start may have
 * passed (a drive entered on its own day); an edit may keep a finished one's times.
 */
export const isStillReceiving = (endReceiveTime: string, now = Date.now()) =>
  Date.parse(endReceiveTime) > now;

export const ZAdminCampaignCancelRequest = z.object({
  reason: z.string().trim().min(1, M.cancelReasonRequired).max(500, M.cancelReasonTooLong),
});
export type TAdminCampaignCancelRequest = z.infer<typeof ZAdminCampaignCancelRequest>;

const donationTypes = DONATION_TYPES.map((t) => t.value) as [TDonationType, ...TDonationType[]];
const deferralReasons = DEFERRAL_REASONS.map((r) => r.value) as [TDeferralReason, ...TDeferralReason[]];
/**
 * What happened at the donation: DONE with type and volume, DEFERRED with reason and date, or
 * NO_SHOW. `today` (yyyy-mm-dd, Vietnam) is the server's day when it validates.
 */
export const outcomeRequestSchema = (today: () => string = () => vnDayOf(Date.now())) =>
  z
    .object({
      result: z.enum(['DONE', 'DEFERRED', 'NO_SHOW'], { error: M.resultRequired }),
      donationType: z.enum(donationTypes, { error: M.donationTypeRequired }).optional(),
      volumeMl: z
        .number({ error: M.volumeRange })
        .int(M.volumeRange)
        .min(50, M.volumeRange)
        .max(1000, M.volumeRange)
        .optional(),
      reason: z.enum(deferralReasons, { error: M.deferralReasonRequired }).optional(),
      reasonText: z.string().trim().max(500).optional(),
      /** yyyy-mm-dd, Vietnam: the first day the donor may register again. */
      deferredUntil: zDay({ message: M.deferredUntilRequired }).optional(),
      /** DONE: the bag's unit number (ISBT 128 with its check character, or a facility's own); unique. */
      unitNumber: ZUnitNumber.optional(),
      /** DONE: given in an emergency (hiến máu khẩn cấp), which honour lists count apart. */
      emergency: z.boolean().optional(),
      /** Replaces an outcome already recorded (staff correction); without it a recorded one is a 409. */
      correction: z.boolean().optional(),
      /**
       * Why an outcome is recorded or corrected after the campaign's day (required then): the
       * day page takes outcomes on the day only, and anything later is a deliberate, audited act.
       */
      lateReason: singleLineText({ error: M.lateReasonRequired }, { trim: true })
        .max(500, M.lateReasonTooLong)
        .optional(),
    })
    .superRefine((v, ctx) => {
      const need = (ok: boolean, path: string, message: string) => {
        if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      if (v.result === 'DONE') {
        need(v.donationType !== undefined, 'donationType', M.donationTypeRequired);
        need(v.volumeMl !== undefined, 'volumeMl', M.volumeRange);
        need(v.unitNumber !== undefined, 'unitNumber', UNIT_NUMBER_MESSAGES.required);
      }
      if (v.result === 'DEFERRED') {
        need(v.reason !== undefined, 'reason', M.deferralReasonRequired);
        if (v.reason === 'OTHER') need(Boolean(v.reasonText), 'reasonText', M.deferralTextRequired);
        need(v.deferredUntil !== undefined, 'deferredUntil', M.deferredUntilRequired);
        // Both are valid days of four-digit years here, so their text order is their date order.
        if (v.deferredUntil) need(v.deferredUntil > today(), 'deferredUntil', M.deferredUntilFuture);
      }
    });
export const ZAdminOutcomeRequest = outcomeRequestSchema();
export type TAdminOutcomeRequest = z.infer<typeof ZAdminOutcomeRequest>;

export const ADMIN_CAMPAIGN_FILTERS = ['upcoming', 'past', 'cancelled'] as const;
export type TAdminCampaignFilter = (typeof ADMIN_CAMPAIGN_FILTERS)[number];
export const ZAdminCampaignListQuery = z.object({
  filter: z.enum(ADMIN_CAMPAIGN_FILTERS).default('upcoming'),
  search: z.string().trim().max(200).optional(),
});

export const ZAdminCampaignCounts = z.object({
  registered: z.number().int(),
  booked: z.number().int(),
  checkedIn: z.number().int(),
  done: z.number().int(),
  deferred: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
});

/** A campaign as staff see it: the public fields, whether it was cancelled and the day's numbers. */
export const ZAdminCampaign = ZCampaign.extend({
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  counts: ZAdminCampaignCounts,
  /** Donations recorded DONE. */
  unitsCollected: z.number().int(),
  slotMinutes: z.number().int(),
  slotCapacity: z.number().int(),
});
export type TAdminCampaign = z.infer<typeof ZAdminCampaign>;
export const ZAdminCampaignList = z.object({
  items: z.array(ZAdminCampaign),
  counts: z.object({ upcoming: z.number().int(), past: z.number().int(), cancelled: z.number().int() }),
});
export type TAdminCampaignList = z.infer<typeof ZAdminCampaignList>;
export const ZAdminCampaignResponse = ZEnvelope(ZAdminCampaign);
export const ZAdminCampaignListResponse = ZEnvelope(ZAdminCampaignList);

export const ZAdminQuestionSet = z.object({ id: z.number().int(), name: z.string() });
export type TAdminQuestionSet = z.infer<typeof ZAdminQuestionSet>;
export const ZAdminQuestionSetListResponse = ZEnvelope(z.array(ZAdminQuestionSet));

export const ADMIN_APPOINTMENT_STATUSES = [
  'BOOKING',
  'CHECKED_IN',
  'DONE',
  'DEFERRED',
  'NO_SHOW',
  'CANCELLED',
] as const;
export type TAdminAppointmentStatus = (typeof ADMIN_APPOINTMENT_STATUSES)[number];
/** Labels of the day page and the CSV (the donor side's labels, plus the check-in state). */
export const ADMIN_APPOINTMENT_STATUS_LABELS: Record<TAdminAppointmentStatus, string> = {
  BOOKING: 'Đã đặt lịch',
  CHECKED_IN: 'Đã check-in',
  DONE: 'Hoàn thành',
  DEFERRED: 'Tạm hoãn',
  NO_SHOW: 'Vắng mặt',
  CANCELLED: 'Đã hủy',
};
export type TAdminAppointmentStatusFilter = 'ALL' | TAdminAppointmentStatus;
export const ZAdminAppointmentListQuery = z.object({
  status: z.enum(ADMIN_APPOINTMENT_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});

/** One row of the day's list. */
export const ZAdminAppointment = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  fullName: z.string(),
  phone: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  bloodGroup: z.string().nullable(),
  /** BOOKING, CHECKED_IN (booked and arrived), DONE, DEFERRED, NO_SHOW or CANCELLED. */
  status: z.string(),
  checkedInAt: z.string().nullable(),
  /** Any questionnaire answer was 'Có'. */
  hasYesAnswer: z.boolean(),
  donationType: z.string().nullable(),
  volumeMl: z.number().int().nullable(),
  deferralReason: z.string().nullable(),
  /** The words staff wrote when the reason is OTHER. */
  deferralText: z.string().nullable(),
  deferredUntil: z.string().nullable(),
  outcomeAt: z.string().nullable(),
  /** The booked time slot's start (ISO, UTC); null for a registration made before slots existed. */
  slotStart: z.string().nullable(),
  /** The venue check, with the values outside their limits (the day page shows them in red). */
  screening: ZScreening.extend({
    findings: z.array(z.object({ field: z.string(), message: z.string(), reason: z.string() })),
  }).nullable(),
  unitNumber: z.string().nullable(),
  emergency: z.boolean(),
  /** The certificate issued with the DONE. */
  certificateSerial: z.string().nullable(),
  /** The donor's sex as the card gives it (the weight limits differ): 'Nam', 'Nữ' or null. */
  gender: z.string().nullable(),
});
export type TAdminAppointment = z.infer<typeof ZAdminAppointment>;
export const ZAdminAppointmentResponse = ZEnvelope(ZAdminAppointment);
export const ZAdminAppointmentListResponse = ZEnvelope(z.array(ZAdminAppointment));
/**
 * The answer of a check-in: the appointment, and whether it had been checked in before (a second
 * scan of the same code, another desk): then `checkedInAt` is the first check-in's time.
 */
export const ZAdminCheckInResult = ZAdminAppointment.extend({ alreadyCheckedIn: z.boolean() });
export type TAdminCheckInResult = z.infer<typeof ZAdminCheckInResult>;
export const ZAdminCheckInResponse = ZEnvelope(ZAdminCheckInResult);
export const ZAdminAnswersResponse = ZEnvelope(z.object({ sections: z.array(ZAppointmentAnswerSection) }));

export const ZAdminCheckInRequest = z.object({
  code: z
    .string({ error: M.codeRequired })
    .trim()
    .min(1, M.codeRequired)
    .max(64, M.codeNotFound)
    .transform((s) => s.toUpperCase()),
  /** The day page's campaign: a code of another campaign is refused there. */
  campaignId: ZId.optional(),
});
export type TAdminCheckInRequest = z.input<typeof ZAdminCheckInRequest>;

export const ZAdminIdParams = z.object({ id: ZIdParam });

/** Work waiting for staff, counted for the console's navigation (no personal data). */
export const ZAdminWaitingWork = z.object({
  /** ID cards in the review queue (not trusted by the server, or disputed). */
  identityReviews: z.number().int(),
  /** Contact messages and appointment feedback still 'Mới'. */
  inboxNew: z.number().int(),
});
export type TAdminWaitingWork = z.infer<typeof ZAdminWaitingWork>;
export const ZAdminWaitingWorkResponse = ZEnvelope(ZAdminWaitingWork);

// --- Staff accounts (ADMIN only) -------------------------------------------------------------

export const ADMIN_STAFF_API = {
  list: '/api/admin/staff',
  invite: '/api/admin/staff/invite',
  role: (id: number | string) => `/api/admin/staff/${id}/role`,
  deactivate: (id: number | string) => `/api/admin/staff/${id}/deactivate`,
  /** Unlocks a locked account: it may log in again (its old sessions stay ended). */
  reactivate: (id: number | string) => `/api/admin/staff/${id}/reactivate`,
  /** A new set-password link for an account still invited (the old one stops working). */
  invitation: (id: number | string) => `/api/admin/staff/${id}/invitation`,
  /** Forgets the account's authenticator and recovery codes: it enrols again at its next login. */
  resetSecondFactor: (id: number | string) => `/api/admin/staff/${id}/second-factor/reset`,
} as const;

export const STAFF_MESSAGES = {
  invited: 'Đã gửi thư mời đặt mật khẩu',
  /** A still-invited account invited again, or its invitation resent: a new link, the old one is void. */
  reinvited: 'Đã gửi lại thư mời. Liên kết trong thư mời trước không còn dùng được.',
  roleChanged: 'Đã đổi vai trò',
  deactivated: 'Đã khóa tài khoản, mọi phiên đăng nhập của tài khoản đã kết thúc',
  reactivated: 'Đã mở khóa tài khoản, tài khoản có thể đăng nhập lại',
  notFound: 'Không tìm thấy tài khoản',
  /** Said to an ADMIN only: a sign-up never tells whether an e-mail is taken. */
  emailTaken: 'Email đã được sử dụng',
  notSelf: 'Không thể đổi vai trò hoặc khóa chính tài khoản của bạn',
  /** Demoting or locking the last ADMIN who can log in would leave nobody to manage staff. */
  lastAdmin: 'Không thể hạ vai trò hoặc khóa quản trị viên cuối cùng đang hoạt động',
  /** Resending an invitation to an account whose password is already set. */
  notInvited: 'Tài khoản này đã đặt mật khẩu, không còn lời mời nào để gửi lại',
  /** Subject of the set-password mail. */
  inviteSubject: 'Mời bạn tham gia quản trị Giọt Hồng',
} as const;

export const ZStaffRole = z.enum(['STAFF', 'ADMIN']);
export type TStaffRole = z.infer<typeof ZStaffRole>;
export const ZAdminStaffInviteRequest = z.object({ email: ZEmail, username: ZUsername, role: ZStaffRole });
export type TAdminStaffInviteRequest = z.infer<typeof ZAdminStaffInviteRequest>;
/** Roles on the staff accounts page are staff roles: a donor's account is never made staff there. */
export const ZAdminStaffRoleRequest = z.object({ role: ZStaffRole });

/**
 * `invited`: the set-password link was sent and not used yet (the account cannot log in);
 * `active`: the password is set; `locked`: deactivated by an ADMIN (whatever else).
 */
export const ZStaffAccountState = z.enum(['invited', 'active', 'locked']);
export type TStaffAccountState = z.infer<typeof ZStaffAccountState>;
export const STAFF_STATE_LABELS: Record<TStaffAccountState, string> = {
  invited: 'Đã mời',
  active: 'Đang hoạt động',
  locked: 'Đã khóa',
};

export const ZAdminStaffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: ZStaffRole,
  enabled: z.boolean(),
  state: ZStaffAccountState,
  /** Whether an authenticator app is enrolled (else the next login sets one up). */
  secondFactor: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Permissions an ADMIN gave this account (an ADMIN has them all, whatever is listed). */
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});
export type TAdminStaffMember = z.infer<typeof ZAdminStaffMember>;
export const ZAdminStaffListResponse = ZEnvelope(z.array(ZAdminStaffMember));
export const ZAdminStaffMemberResponse = ZEnvelope(ZAdminStaffMember);
