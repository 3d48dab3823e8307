import {
  DONOR_AGE,
  DONOR_STATUS,
  deferralReasonLabel,
  ErrorCode,
  REGISTRATION_MESSAGES,
  REGISTRATION_STATUS,
  type TQuestionSet,
  type TRegistrationStatus,
  type TSavedAnswer,
  type TSubmitAnswersRequest,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import { ageOnVnDate, formatVnDate, vnStartOfDay } from '../../lib/vn-time.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { RegistrationRepository } from './registration.repository.ts';
import { nextEligibleDay } from '../appointments/last-donation.ts';

export type RegistrationCheck = { status: TRegistrationStatus; message: string };

export const CHECK_MESSAGES = {
  SUCCESS: 'Bạn đủ điều kiện đăng ký hiến máu cho chiến dịch này.',
  NOT_VERIFIED: 'Bạn cần xác thực thông tin cá nhân (căn cước công dân) trước khi đăng ký hiến máu.',
  ALREADY_REGISTERED: 'Bạn đã đăng ký tham gia chiến dịch này.',
  CAMPAIGN_CLOSED: 'Chiến dịch này đã kết thúc hoặc không còn nhận đăng ký.',
  upcoming: (name: string, date: string) =>
    `Bạn đang có lịch hẹn hiến máu sắp tới tại "${name}" ngày ${date}. Vui lòng hoàn thành hoặc hủy lịch hẹn đó trước khi đăng ký mới.`,
  tooSoon: (date: string) =>
    `Cần ít nhất 12 tuần giữa hai lần hiến máu toàn phần. Bạn có thể hiến máu lại từ ngày ${date}.`,
  tooSoonApheresis: (date: string) =>
    `Cần ít nhất 2 tuần sau một lần hiến gạn tách thành phần máu. Bạn có thể hiến máu lại từ ngày ${date}.`,
  GENERAL_SUCCESS: 'Bạn đủ điều kiện đăng ký hiến máu.',
  deferred: (reason: string, date: string) =>
    `Bạn đang trong thời gian tạm hoãn hiến máu (lý do: ${reason}). Bạn có thể đăng ký lại từ ngày ${date}.`,
} as const;

/** What listeners learn about a new BOOKING (after it is stored). */
export type Registered = { userId: number; campaignId: number; appointmentId: number };

export function createRegistrationService(deps: {
  repo: RegistrationRepository;
  clock: Clock;
  /** Awaited before `submit` returns; a failure is the listener's to handle (the booking stands). */
  onRegistered?: (booking: Registered) => void | Promise<void>;
}) {
  const { repo, clock } = deps;

  async function campaignOrThrow(campaignId: number) {
    const campaign = await repo.findCampaign(campaignId);
    if (!campaign) throw notFound(REGISTRATION_MESSAGES.campaignNotFound);
    return campaign;
  }

  /**
   * The rules a blood service applies before accepting a registration, in the order a donor can
   * act on them. Without a campaign, the rules that do not depend on one (general eligibility,
   * judged for today).
   */
  async function check(userId: number, campaignId?: number): Promise<RegistrationCheck> {
    const campaign = campaignId === undefined ? undefined : await campaignOrThrow(campaignId);
    const now = clock.now();
    if (campaign && campaign.endReceiveTime.getTime() < now.getTime()) {
      return { status: REGISTRATION_STATUS.CAMPAIGN_CLOSED, message: CHECK_MESSAGES.CAMPAIGN_CLOSED };
    }
    const donor = await repo.donorIdentity(userId);
    if (donor?.status !== DONOR_STATUS.EXTRACTED) {
      return { status: REGISTRATION_STATUS.NOT_VERIFIED, message: CHECK_MESSAGES.NOT_VERIFIED };
    }
    // The birth date read from the verified ID card, on the campaign's date in Vietnam.
    const age = donor.dob ? ageOnVnDate(donor.dob, campaign?.organizeTime ?? now) : undefined;
    if (age !== undefined && (age < DONOR_AGE.min || age > DONOR_AGE.max)) {
      return {
        status: REGISTRATION_STATUS.OUT_OF_AGE_RANGE,
        message: REGISTRATION_MESSAGES.outOfAgeRange(age),
      };
    }
    if (campaignId !== undefined && (await repo.findLiveAppointment(userId, campaignId))) {
      return { status: REGISTRATION_STATUS.ALREADY_REGISTERED, message: CHECK_MESSAGES.ALREADY_REGISTERED };
    }
    // The day the donation would take place: the campaign's, or today for the general check.
    const day = vnStartOfDay(campaign?.organizeTime ?? now);
    const deferral = await repo.activeDeferral(userId, day);
    if (deferral?.until) {
      return {
        status: REGISTRATION_STATUS.DEFERRED,
        message: CHECK_MESSAGES.deferred(
          deferralReasonLabel(deferral.reason ?? 'OTHER', deferral.text),
          formatVnDate(deferral.until),
        ),
      };
    }
    const upcoming = await repo.findUpcomingBooking(userId, now, campaignId);
    if (upcoming) {
      return {
        status: REGISTRATION_STATUS.HAS_UPCOMING_APPOINTMENT,
        message: CHECK_MESSAGES.upcoming(
          upcoming.campaign.name,
          formatVnDate(upcoming.campaign.organizeTime),
        ),
      };
    }
    const last = await repo.decisiveDonation(userId);
    if (last) {
      const eligible = nextEligibleDay(last);
      if (day.getTime() < eligible.getTime()) {
        const date = formatVnDate(eligible);
        return {
          status: REGISTRATION_STATUS.TOO_SOON_SINCE_LAST_DONATION,
          message:
            last.donationType === 'WHOLE_BLOOD'
              ? CHECK_MESSAGES.tooSoon(date)
              : CHECK_MESSAGES.tooSoonApheresis(date),
        };
      }
    }
    return {
      status: REGISTRATION_STATUS.SUCCESS,
      message: campaign ? CHECK_MESSAGES.SUCCESS : CHECK_MESSAGES.GENERAL_SUCCESS,
    };
  }

  return {
    check,

    async questionSet(id: number): Promise<TQuestionSet> {
      const found = await repo.findQuestionSet(id);
      if (!found) throw notFound('Không tìm thấy bộ câu hỏi');
      const sections: TQuestionSet['sections'] = [];
      for (const { section, question } of found.rows) {
        let s = sections[sections.length - 1];
        if (!s || s.id !== section.id) {
          s = { id: section.id, name: section.name, order: section.order, questions: [] };
          sections.push(s);
        }
        if (question)
          s.questions.push({
            id: question.id,
            order: question.order,
            content: question.content,
            hasDetail: question.hasDetail,
          });
      }
      return { id: found.set.id, name: found.set.name, sections };
    },

    /** Checks the rules again, then stores the answers and a BOOKING appointment atomically. */
    async submit(userId: number, req: TSubmitAnswersRequest): Promise<number> {
      const verdict = await check(userId, req.campaignId);
      if (verdict.status !== REGISTRATION_STATUS.SUCCESS) {
        throw new HttpError(ErrorCode.CONFLICT, verdict.message, { details: { status: verdict.status } });
      }
      const campaign = await campaignOrThrow(req.campaignId);
      const set = await repo.findQuestionSet(campaign.questionSetId);
      const byId = new Map(
        set?.rows.flatMap((r) => (r.question ? [[r.question.id, r.question] as const] : [])) ?? [],
      );
      const seen = new Set<number>();
      for (const a of req.answers) {
        const q = byId.get(a.questionId);
        if (!q || seen.has(a.questionId)) throw badRequest(REGISTRATION_MESSAGES.wrongQuestions);
        seen.add(a.questionId);
        if (a.detail && !q.hasDetail) throw badRequest(REGISTRATION_MESSAGES.detailNotAllowed);
      }
      if (seen.size !== byId.size) throw badRequest(REGISTRATION_MESSAGES.answerAll(byId.size, seen.size));
      let id: number;
      try {
        id = await repo.createAppointmentWithAnswers(
          userId,
          req.campaignId,
          req.answers.map((a) => ({
            questionId: a.questionId,
            answer: a.answer === 'true',
            detail: a.detail?.trim() || null,
          })),
          clock.now(),
        );
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new HttpError(ErrorCode.CONFLICT, CHECK_MESSAGES.ALREADY_REGISTERED, {
            details: { status: REGISTRATION_STATUS.ALREADY_REGISTERED },
          });
        }
        throw err;
      }
      await deps.onRegistered?.({ userId, campaignId: req.campaignId, appointmentId: id });
      return id;
    },

    async savedAnswers(userId: number, campaignId: number): Promise<TSavedAnswer[]> {
      const rows = await repo.savedAnswers(userId, campaignId);
      return rows.map(({ answer, question }) => ({
        id: answer.id,
        questionId: question.id,
        answer: answer.answer ? 'true' : 'false',
        detail: answer.detail,
        questionInfo: { id: question.id, order: question.order, content: question.content },
      }));
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
