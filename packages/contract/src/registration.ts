import { z } from 'zod';
import { DONOR_AGE } from './constants.ts';
import { ZEnvelope } from './envelope.ts';
import { ZId, ZIdParam } from './ids.ts';
import { multiLineText, singleLineText } from './text-field.ts';
import { ZSlotStart } from './slots.ts';

/** Question set as the wizard reads it: sections ordered, questions ordered. */
export const ZQuestion = z.object({
  id: z.number().int(),
  order: z.number().int(),
  content: z.string(),
  hasDetail: z.boolean(),
});
export const ZQuestionSection = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  questions: z.array(ZQuestion),
});
export const ZQuestionSet = z.object({
  id: z.number().int(),
  name: z.string(),
  sections: z.array(ZQuestionSection),
});
export type TQuestionSet = z.infer<typeof ZQuestionSet>;
export type TQuestionSection = z.infer<typeof ZQuestionSection>;
export const ZQuestionSetQuery = z.object({ id: ZIdParam });
export const ZQuestionSetResponse = ZEnvelope(ZQuestionSet);

export const REGISTRATION_MESSAGES = {
  answerAll: (total: number, done: number) =>
    `Vui lòng trả lời tất cả ${total} câu hỏi. Hiện tại bạn đã trả lời ${done}/${total} câu.`,
  submitSuccessTitle: 'Đăng ký thành công',
  submitSuccess: 'Đăng ký hiến máu của bạn đã được ghi nhận',
  submitFailed: 'Không thể đăng ký hiến máu',
  wrongQuestions: 'Câu trả lời không khớp với phiếu câu hỏi của chiến dịch',
  detailNotAllowed: 'Câu hỏi này không có phần ghi chi tiết',
  campaignNotFound: 'Không tìm thấy chiến dịch',
  /** Registration check OUT_OF_AGE_RANGE: names the rule and the donor's age on the campaign's date. */
  outOfAgeRange: (age: number) =>
    `Người hiến máu phải từ đủ ${DONOR_AGE.min} tuổi đến ${DONOR_AGE.max} tuổi (${DONOR_AGE.regulation}). Vào ngày diễn ra chiến dịch, bạn ${age} tuổi nên không thể đăng ký.`,
} as const;

export const ZAnswerItem = z.object({
  questionId: ZId,
  answer: z.enum(['true', 'false']),
  detail: multiLineText(undefined, { trim: true }).max(500).optional().nullable(),
});
export const ZSubmitAnswersRequest = z.object({
  campaignId: ZId,
  answers: z.array(ZAnswerItem).min(1).max(200),
  /** The chosen time slot's start (ISO); without it the earliest slot with a place is taken. */
  slotStart: ZSlotStart.optional(),
  /**
   * The version of the health-answers consent the donor agreed to with this questionnaire (the
   * first one, or after the text changed). Without it, a donor who never agreed gets CONSENT_REQUIRED.
   */
  healthConsentVersion: singleLineText().min(1).max(40).optional(),
});
export type TSubmitAnswersRequest = z.infer<typeof ZSubmitAnswersRequest>;
export const ZSubmitAnswersResponse = ZEnvelope(z.object({ appointmentId: z.number().int() }));

export const ZSavedAnswer = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  answer: z.enum(['true', 'false']),
  detail: z.string().nullable(),
  questionInfo: z.object({ id: z.number().int(), order: z.number().int(), content: z.string() }),
});
export type TSavedAnswer = z.infer<typeof ZSavedAnswer>;
export const ZSavedAnswersResponse = ZEnvelope(z.array(ZSavedAnswer));
export const ZCampaignIdParams = z.object({ campaignId: ZIdParam });

/**
 * Registration-check statuses. SUCCESS, NOT_VERIFIED and ALREADY_REGISTERED are the ones clients have
 * always known; the rest are the blood service's rules.
 */
export const REGISTRATION_STATUS = {
  SUCCESS: 'SUCCESS',
  NOT_VERIFIED: 'NOT_VERIFIED',
  ALREADY_REGISTERED: 'ALREADY_REGISTERED',
  HAS_UPCOMING_APPOINTMENT: 'HAS_UPCOMING_APPOINTMENT',
  TOO_SOON_SINCE_LAST_DONATION: 'TOO_SOON_SINCE_LAST_DONATION',
  CAMPAIGN_CLOSED: 'CAMPAIGN_CLOSED',
  /** Younger than DONOR_AGE.min or older than DONOR_AGE.max on the campaign's date. */
  OUT_OF_AGE_RANGE: 'OUT_OF_AGE_RANGE',
  /** Staff deferred the donor at a donation; registration reopens on the date given. */
  DEFERRED: 'DEFERRED',
} as const;
export type TRegistrationStatus = (typeof REGISTRATION_STATUS)[keyof typeof REGISTRATION_STATUS];

/** Without `campaignId` the check answers the donor's general eligibility (the rules that do not depend on a campaign). */
export const ZRegistrationCheckQuery = z.object({ campaignId: ZIdParam.optional() });
export const ZRegistrationCheck = z.object({ status: z.string(), message: z.string() });
export const ZRegistrationCheckResponse = ZEnvelope(ZRegistrationCheck);
