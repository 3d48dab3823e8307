import { z } from 'zod';
import { ZAppointmentAnswerSection } from './appointments.ts';
import { vnDayOf, zDay } from './dates.ts';
import {
  DEFERRAL_REASONS,
  DONATION_TYPES,
  type TDeferralReason,
  type TDonationType,
} from './donation-types.ts';
import { ZEnvelope, ZPage } from './envelope.ts';
import { ZId } from './ids.ts';
import { ZScreening } from './screening.ts';
import { singleLineText } from './text-field.ts';
import { UNIT_NUMBER_MESSAGES, ZUnitNumber } from './unit-number.ts';

/*
 * The donation day at a campaign (the console's day page): the day's list of appointments and its
 * exports, check-in by code or from the list, the questionnaire's answers and the outcome of each
 * donation. Paths, request schemas with their Vietnamese messages and answer shapes; the day page
 * and the server validate with the same schemas.
 */

export const ADMIN_DAY_DESK_API = {
  campaignAppointments: (id: number | string) => `/api/admin/campaigns/${id}/appointments`,
  campaignAppointmentsCsv: (id: number | string) => `/api/admin/campaigns/${id}/appointments.csv`,
  campaignAppointmentsXlsx: (id: number | string) => `/api/admin/campaigns/${id}/appointments.xlsx`,
  appointmentCheckIn: (id: number | string) => `/api/admin/appointments/${id}/check-in`,
  appointmentOutcome: (id: number | string) => `/api/admin/appointments/${id}/outcome`,
  appointmentAnswers: (id: number | string) => `/api/admin/appointments/${id}/answers`,
  checkIn: '/api/admin/check-in',
} as const;

export const DAY_DESK_MESSAGES = {
  resultRequired: 'Vui lòng chọn kết quả',
  donationTypeRequired: 'Vui lòng chọn loại hiến',
  volumeRange: 'Thể tích phải là số nguyên từ 50 đến 1000 ml',
  deferralReasonRequired: 'Vui lòng chọn lý do tạm hoãn',
  deferralTextRequired: 'Vui lòng ghi rõ lý do',
  deferredUntilRequired: 'Vui lòng chọn ngày hết tạm hoãn',
  deferredUntilFuture: 'Ngày hết tạm hoãn phải sau hôm nay',
  appointmentNotFound: 'Không tìm thấy lịch hẹn',
  codeRequired: 'Vui lòng nhập mã check-in',
  codeNotFound: 'Không tìm thấy lịch hẹn với mã này',
  codeOtherCampaign: 'Mã này thuộc một chiến dịch khác',
  checkInNotBooking: 'Chỉ lịch hẹn đang đặt mới có thể check-in',
  /**
   * 409 of a check-in, a venue check or an outcome of a booking whose donor erased their account:
   * the row is anonymous (ADR 20), not on the day's list, and nothing is recorded on it.
   */
  donorErased: 'Người hiến máu đã xóa tài khoản, không thể check-in hay ghi kết quả cho lịch hẹn này',
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
const M = DAY_DESK_MESSAGES;

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
/** Donors of the day's list in one answer: the page draws them all (ADR 38, ADR 44). */
export const DAY_LIST_PAGE_SIZE = 50;
export const ZAdminAppointmentListQuery = z.object({
  status: z.enum(ADMIN_APPOINTMENT_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
  /** From 0; a page past the end answers the last one (a filtered list that lost donors). */
  page: z.coerce.number().int().min(0).max(10_000).optional().default(0),
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
/**
 * A page of the day's list (the status filter and the search apply to the whole day, `totalItems`
 * counts what they match), and the donors checked in per time slot over the whole day, whatever
 * the filter: counted by the database, never by the page.
 */
export const ZAdminDayPage = ZPage(ZAdminAppointment).extend({
  slots: z.array(z.object({ start: z.string(), checkedIn: z.number().int() })),
});
export type TAdminDayPage = z.infer<typeof ZAdminDayPage>;
export const ZAdminAppointmentListResponse = ZEnvelope(ZAdminDayPage);
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
