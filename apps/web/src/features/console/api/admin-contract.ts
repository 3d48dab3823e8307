import { z } from 'zod';
import type { TCampaign } from '@giot-hong/contract';

/*
 * The staff API as the console uses it: paths, answer shapes, request schemas with their
 * Vietnamese messages, donation types and deferral reasons.
 * NOTE: all of this belongs in packages/contract (admin-*.ts, api-paths.ts), beside the server
 * routes that implement it, so that the server validates with the same schemas and messages.
 * It lives here until those routes exist; moving it means changing only the imports.
 */

export const ADMIN_API = {
  campaigns: '/api/admin/campaigns',
  campaign: (id: number | string) => `/api/admin/campaigns/${id}`,
  campaignCancel: (id: number | string) => `/api/admin/campaigns/${id}/cancel`,
  campaignImage: (id: number | string) => `/api/admin/campaigns/${id}/image`,
  campaignAppointments: (id: number | string) => `/api/admin/campaigns/${id}/appointments`,
  campaignAppointmentsCsv: (id: number | string) => `/api/admin/campaigns/${id}/appointments.csv`,
  questionSets: '/api/admin/question-sets',
  appointmentCheckIn: (id: number | string) => `/api/admin/appointments/${id}/check-in`,
  appointmentOutcome: (id: number | string) => `/api/admin/appointments/${id}/outcome`,
  appointmentAnswers: (id: number | string) => `/api/admin/appointments/${id}/answers`,
  checkIn: '/api/admin/check-in',
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
  startInFuture: 'Thời gian bắt đầu nhận máu phải ở tương lai',
  targetRange: 'Mục tiêu phải là số nguyên từ 1 đến 100000',
  questionSetRequired: 'Vui lòng chọn bộ câu hỏi',
  cancelReasonRequired: 'Vui lòng nhập lý do hủy',
  cancelReasonTooLong: 'Lý do hủy không quá 500 ký tự',
  resultRequired: 'Vui lòng chọn kết quả',
  donationTypeRequired: 'Vui lòng chọn loại hiến',
  volumeRange: 'Thể tích phải là số nguyên từ 50 đến 1000 ml',
  deferralReasonRequired: 'Vui lòng chọn lý do tạm hoãn',
  deferralTextRequired: 'Vui lòng ghi rõ lý do',
  deferredUntilRequired: 'Vui lòng chọn ngày hết tạm hoãn',
  deferredUntilFuture: 'Ngày hết tạm hoãn phải sau hôm nay',
} as const;
const M = ADMIN_MESSAGES;

/** Donation types, with the volume a collection usually has (the outcome form's default). */
export const DONATION_TYPES = [
  { value: 'WHOLE_BLOOD', label: 'Máu toàn phần', defaultVolumeMl: 350 },
  { value: 'APHERESIS_PLATELETS', label: 'Gạn tách tiểu cầu', defaultVolumeMl: 250 },
  { value: 'APHERESIS_PLASMA', label: 'Gạn tách huyết tương', defaultVolumeMl: 500 },
] as const;

export const DEFERRAL_REASONS = [
  { value: 'LOW_HEMOGLOBIN', label: 'Huyết sắc tố thấp' },
  { value: 'BLOOD_PRESSURE', label: 'Huyết áp không đạt' },
  { value: 'LOW_WEIGHT', label: 'Cân nặng không đạt' },
  { value: 'RECENT_ILLNESS_OR_MEDICATION', label: 'Mới ốm hoặc đang dùng thuốc' },
  { value: 'RECENT_TATTOO_OR_PIERCING', label: 'Mới xăm hình hoặc xỏ khuyên' },
  { value: 'OTHER', label: 'Lý do khác' },
] as const;

const VN_OFFSET_MS = 7 * 3600_000;
const vnDay = (iso: string) => new Date(Date.parse(iso) + VN_OFFSET_MS).toISOString().slice(0, 10);
const ZInstant = z
  .string({ error: M.timeRequired })
  .refine((s) => !Number.isNaN(Date.parse(s)), M.timeRequired);

type TWindow = { organizeTime: string; startReceiveTime: string; endReceiveTime: string };

/** The receiving window lies on the event day (Vietnam) and ends after it starts. */
function checkWindow(v: TWindow, ctx: z.RefinementCtx) {
  const times = [v.organizeTime, v.startReceiveTime, v.endReceiveTime];
  if (times.some((t) => Number.isNaN(Date.parse(t)))) return;
  const day = vnDay(v.organizeTime);
  if (vnDay(v.startReceiveTime) !== day || vnDay(v.endReceiveTime) !== day)
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
    questionSetId: z.number({ error: M.questionSetRequired }).int().positive(M.questionSetRequired),
  })
  .superRefine(checkWindow);
export type TAdminCampaignRequest = z.infer<typeof ZAdminCampaignRequest>;

/** A new campaign also starts in the future (an edit may keep a running one's times). */
export const isStartInFuture = (startReceiveTime: string, now = Date.now()) =>
  Date.parse(startReceiveTime) > now;

export const ZAdminCampaignCancelRequest = z.object({
  reason: z.string().trim().min(1, M.cancelReasonRequired).max(500, M.cancelReasonTooLong),
});
export type TAdminCampaignCancelRequest = z.infer<typeof ZAdminCampaignCancelRequest>;

const donationTypes = DONATION_TYPES.map((t) => t.value) as [string, ...string[]];
const deferralReasons = DEFERRAL_REASONS.map((r) => r.value) as [string, ...string[]];

/** What happened at the donation: DONE with type and volume, DEFERRED with reason and date, or NO_SHOW. */
export const ZAdminOutcomeRequest = z
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
    deferredUntil: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.result === 'DONE') {
      need(v.donationType !== undefined, 'donationType', M.donationTypeRequired);
      need(v.volumeMl !== undefined, 'volumeMl', M.volumeRange);
    }
    if (v.result === 'DEFERRED') {
      need(v.reason !== undefined, 'reason', M.deferralReasonRequired);
      if (v.reason === 'OTHER') need(Boolean(v.reasonText), 'reasonText', M.deferralTextRequired);
      const until = v.deferredUntil ?? '';
      need(/^\d{4}-\d{2}-\d{2}$/.test(until), 'deferredUntil', M.deferredUntilRequired);
      if (/^\d{4}-\d{2}-\d{2}$/.test(until))
        need(until > vnDay(new Date().toISOString()), 'deferredUntil', M.deferredUntilFuture);
    }
  });
export type TAdminOutcomeRequest = z.infer<typeof ZAdminOutcomeRequest>;

export type TAdminCampaignFilter = 'upcoming' | 'past' | 'cancelled';

/** A campaign as staff see it: the public fields, whether it was cancelled and the day's numbers. */
export type TAdminCampaign = TCampaign & {
  cancelledAt: string | null;
  cancelReason: string | null;
  counts: {
    registered: number;
    booked: number;
    checkedIn: number;
    done: number;
    deferred: number;
    noShow: number;
    cancelled: number;
  };
  /** Donations recorded DONE. */
  unitsCollected: number;
};
export type TAdminCampaignList = {
  items: TAdminCampaign[];
  counts: Record<TAdminCampaignFilter, number>;
};
export type TAdminQuestionSet = { id: number; name: string };

export type TAdminAppointmentStatusFilter =
  'ALL' | 'BOOKING' | 'CHECKED_IN' | 'DONE' | 'DEFERRED' | 'NO_SHOW' | 'CANCELLED';

/** One row of the day's list. */
export type TAdminAppointment = {
  id: number;
  fullName: string;
  phone: string | null;
  birthYear: number | null;
  bloodGroup: string | null;
  status: string;
  checkedInAt: string | null;
  /** Any questionnaire answer was 'Có'. */
  hasYesAnswer: boolean;
};
