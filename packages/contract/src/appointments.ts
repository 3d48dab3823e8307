import { z } from 'zod';
import { DONATION_RULES } from './constants.ts';
import { CONTACT_MESSAGES } from './contact.ts';
import { ZEnvelope } from './envelope.ts';
import { ZId, ZIdParam } from './ids.ts';
import { multiLineText } from './text-field.ts';
import {
  ZAddressContact,
  ZBloodGroupOrEmpty,
  ZContactEmail,
  ZContactMobile,
  ZExtraId,
  ZJobName,
  ZOrganizationId,
} from './users.ts';

/** Appointment statuses and their labels. */
export const APPOINTMENT_STATUS = {
  BOOKING: 'BOOKING',
  DONE: 'DONE',
  COMPLETED: 'COMPLETED',
  CANCELLED: 'CANCELLED',
  PENDING: 'PENDING',
  /** Staff console: the donor came and was deferred (reason and date in the appointment). */
  DEFERRED: 'DEFERRED',
  /** Staff console: the donor did not come. */
  NO_SHOW: 'NO_SHOW',
} as const;
export type TAppointmentStatus = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];

/** Statuses that count towards a campaign's registrations and block a second one. */
export const ACTIVE_APPOINTMENT_STATUSES = [APPOINTMENT_STATUS.BOOKING, APPOINTMENT_STATUS.DONE] as const;

/** A donation that took place: DONE and COMPLETED are two spellings of it, both accepted. */
export const FINISHED_APPOINTMENT_STATUSES = [APPOINTMENT_STATUS.DONE, APPOINTMENT_STATUS.COMPLETED] as const;

/** Status labels. BOOKING reads 'Đã đặt lịch' on an appointment, 'Sắp tới' where upcoming ones are counted. */
export const APPOINTMENT_STATUS_LABELS: Record<TAppointmentStatus, string> = {
  BOOKING: 'Đã đặt lịch',
  DONE: 'Hoàn thành',
  COMPLETED: 'Hoàn thành',
  CANCELLED: 'Đã hủy',
  PENDING: 'Đang chờ',
  DEFERRED: 'Tạm hoãn',
  NO_SHOW: 'Vắng mặt',
};
export const APPOINTMENT_UPCOMING_LABEL = 'Sắp tới';

/** The label of any status value; an unknown one is shown as it came. */
export function appointmentStatusLabel(status: string): string {
  return (APPOINTMENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export const isFinishedAppointment = (status: string) =>
  (FINISHED_APPOINTMENT_STATUSES as readonly string[]).includes(status);

/** An appointment that is not BOOKING (done, completed, cancelled, pending) takes feedback. */
export const acceptsFeedback = (status: string) => status !== APPOINTMENT_STATUS.BOOKING;

/** Texts of the history, the appointment view and their server answers (labels, validation, errors). */
export const APPOINTMENT_MESSAGES = {
  notFound: 'Không tìm thấy thông tin lịch hẹn',
  loadFailed: 'Không thể tải dữ liệu. Vui lòng thử lại sau.',
  historyLoadFailed: 'Không thể tải dữ liệu lịch sử hiến máu',
  historyLoadError: 'Đã xảy ra lỗi khi tải dữ liệu',
  historyLoadToast: 'Không thể tải lịch sử hiến máu. Vui lòng thử lại sau.',
  cancelledTitle: 'Đã hủy lịch hẹn',
  cancelled: 'Lịch hẹn của bạn đã được hủy thành công',
  cancelFailed: 'Không thể hủy lịch hẹn. Vui lòng thử lại sau.',
  cancelOnlyBooking: 'Chỉ có thể hủy lịch hẹn ở trạng thái "Đã đặt lịch".',
  cancelTooLate: `Chỉ có thể hủy lịch hẹn trước thời gian diễn ra chiến dịch ít nhất ${DONATION_RULES.cancelBeforeHours} giờ.`,
  cancelAfterCampaign: 'Chiến dịch đã diễn ra, không thể hủy lịch hẹn.',
  cancelDeadlinePassed: `Đã quá thời hạn hủy lịch hẹn (trước ${DONATION_RULES.cancelBeforeHours} giờ).`,
  noBookingForCampaign: 'Bạn không có lịch hẹn nào đang đặt cho chiến dịch này.',
  userInfoForbidden: 'Bạn chỉ có thể cập nhật thông tin của chính mình.',
  userInfoOnlyBooking: 'Chỉ có thể cập nhật thông tin cho lịch hẹn ở trạng thái "Đã đặt lịch".',
  userInfoSaved: 'Thông tin đã được cập nhật thành công',
  feedbackMessageRequired: CONTACT_MESSAGES.messageRequired,
  feedbackMessageTooLong: 'Tin nhắn không quá 2000 ký tự.',
  feedbackNotOnBooking: 'Chưa thể gửi phản hồi cho lịch hẹn ở trạng thái "Đã đặt lịch".',
  feedbackSent: 'Cảm ơn bạn đã gửi phản hồi!',
  locationNotSet: 'Chưa cập nhật',
  newNotifications: (n: number) => `Bạn có ${n} thông báo mới.`,
} as const;

export const FEEDBACK_MESSAGE_MAX = 2000;

export const ZAppointmentIdParams = z.object({ id: ZIdParam });

/**
 * One row of the history. `appointmentDate` is the campaign's organizeTime (ISO,
 * UTC). `canCancel` says whether the cancel rule (own BOOKING, at least 24 h ahead) allows it now.
 */
export const ZAppointment = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  appointmentDate: z.string(),
  location: z.string(),
  status: z.string(),
  canCancel: z.boolean(),
  /** The booked time slot (ISO, UTC); null for a registration made before slots existed. */
  slotStart: z.string().nullable().optional(),
  slotEnd: z.string().nullable().optional(),
});
export type TAppointment = z.infer<typeof ZAppointment>;
export const ZAppointmentHistoryResponse = ZEnvelope(z.array(ZAppointment));
export const ZAppointmentResponse = ZEnvelope(ZAppointment);

/**
 * When the donor may give whole blood again: 12 weeks after the last donation (DONE/COMPLETED).
 * Dates are the first eligible Vietnam day as an ISO instant; null when no donation is recorded.
 */
export const ZNextEligible = z.object({
  lastDonationDate: z.string().nullable(),
  nextEligibleDate: z.string().nullable(),
  eligibleNow: z.boolean(),
});
export type TNextEligible = z.infer<typeof ZNextEligible>;
export const ZNextEligibleResponse = ZEnvelope(ZNextEligible);

/** The appointment view: userInfo, campaign and the answers by section. */
export const ZAppointmentUserInfo = z.object({
  userId: z.number().int(),
  fullName: z.string().nullable(),
  identityNumber: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  address: z.string().nullable(),
  issueLoc: z.string().nullable(),
  jobName: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  bloodGroup: z.string().nullable(),
  addressContact: z.string().nullable(),
  studentId: z.string().nullable(),
  militaryId: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
});
export type TAppointmentUserInfo = z.infer<typeof ZAppointmentUserInfo>;

export const ZAppointmentAnswerSection = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  /** `id` is the question's id; `content` its text. */
  answers: z.array(
    z.object({
      id: z.number().int(),
      content: z.string(),
      answer: z.boolean(),
      detail: z.string().nullable(),
    }),
  ),
});
export type TAppointmentAnswerSection = z.infer<typeof ZAppointmentAnswerSection>;

export const ZAppointmentView = z.object({
  id: z.number().int(),
  canCancel: z.boolean(),
  userInfo: ZAppointmentUserInfo,
  campaign: z.object({
    campaignId: z.number().int(),
    campaignName: z.string(),
    appointmentDate: z.string(),
    startReceiveTime: z.string(),
    endReceiveTime: z.string(),
    location: z.string(),
    /** The appointment's status (BOOKING, DONE, …), shown in the view's header. */
    status: z.string(),
    /** The opaque code of the check-in QR, while the appointment is BOOKING (never the ID number). */
    checkInCode: z.string().nullable(),
    /** The booked time slot (ISO, UTC), and whether the donor may still move to another one. */
    slotStart: z.string().nullable(),
    slotEnd: z.string().nullable(),
    canReschedule: z.boolean(),
  }),
  answer: z.object({ sections: z.array(ZAppointmentAnswerSection) }),
  /** The certificate issued with the donation (DONE), for 'Tải giấy chứng nhận'. */
  certificateSerial: z.string().nullable(),
});
export type TAppointmentView = z.infer<typeof ZAppointmentView>;
export const ZAppointmentViewResponse = ZEnvelope(ZAppointmentView);

/**
 * PUT /api/appointments/user-info: the contact and job part of the donor's
 * profile, edited from a BOOKING appointment. The same rules and messages as the profile's
 * contact block. A field left out is cleared, as with update-detail. `appointmentId` (ours, optional)
 * names the appointment the form was opened from.
 */
export const ZAppointmentUserInfoRequest = z.object({
  userId: ZId,
  appointmentId: ZId.optional(),
  email: ZContactEmail.nullish(),
  phoneNumber: ZContactMobile.nullish(),
  jobName: ZJobName.nullish(),
  studentId: ZExtraId.nullish(),
  militaryId: ZExtraId.nullish(),
  addressContact: ZAddressContact.nullish(),
  bloodGroup: ZBloodGroupOrEmpty.nullish(),
  organizationId: ZOrganizationId.nullish(),
});
export type TAppointmentUserInfoRequest = z.input<typeof ZAppointmentUserInfoRequest>;

/** Feedback on an appointment that is no longer BOOKING: the message is required. */
export const ZAppointmentFeedbackRequest = z.object({
  message: multiLineText({ error: APPOINTMENT_MESSAGES.feedbackMessageRequired }, { trim: true })
    .min(1, APPOINTMENT_MESSAGES.feedbackMessageRequired)
    .max(FEEDBACK_MESSAGE_MAX, APPOINTMENT_MESSAGES.feedbackMessageTooLong),
});
export type TAppointmentFeedbackRequest = z.infer<typeof ZAppointmentFeedbackRequest>;
export const ZAppointmentFeedbackResponse = ZEnvelope(
  z.object({ id: z.number().int(), createdAt: z.string() }),
);
