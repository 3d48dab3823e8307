import {
  DONOR_AGE,
  DONOR_STATUS,
  FINISHED_APPOINTMENT_STATUSES,
  RESULT_CONTACT_MESSAGE,
  deferralReasonLabel,
  ErrorCode,
  REGISTRATION_MESSAGES,
  REGISTRATION_STATUS,
  SLOT_MESSAGES,
  type TQuestionSet,
  type TRegistrationStatus,
  type TSavedAnswer,
  type TSubmitAnswersRequest,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { groupSections } from '../question-sets/question-set-sections.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { ageOnVnDate, formatVnDate, vnStartOfDay } from '../../lib/vn-time.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { CampaignRow, DonorFacts, RegistrationRepository } from './registration.repository.ts';
import { decisiveOf, nextEligibleDay } from '../appointments/last-donation.ts';
import { SlotFull, bookableAfter, slotFullError } from '../slots/slots.service.ts';

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

/*
 * The rules about the donor on the day a donation would take place (`at`: the campaign's time, or
 * now): age, an open counselling case or a deferral, the interval since the decisive donation
 * (here or elsewhere). The registration check applies them among its other rules; appeals choose
 * their audience with `isEligibleOn`, so both follow one rule set.
 */

/** The birth date read from the verified ID card, on the day's date in Vietnam. */
function ageRefusal(dob: string | null, at: Date): RegistrationCheck | undefined {
  const age = dob ? ageOnVnDate(dob, at) : undefined;
  if (age !== undefined && (age < DONOR_AGE.min || age > DONOR_AGE.max)) {
    return {
      status: REGISTRATION_STATUS.OUT_OF_AGE_RANGE,
      message: REGISTRATION_MESSAGES.outOfAgeRange(age),
    };
  }
  return undefined;
}

function deferralRefusal(facts: DonorFacts, at: Date): RegistrationCheck | undefined {
  // A result staff must give in person (an open counselling case): the donor is deferred in
  // neutral words until staff close it, whatever the dates say.
  if (facts.counsellingOpen) {
    return { status: REGISTRATION_STATUS.DEFERRED, message: RESULT_CONTACT_MESSAGE.deferral };
  }
  const day = vnStartOfDay(at);
  // The deferral that ends last among those still running after that day.
  const deferral = facts.history
    .filter((h) => h.status === 'DEFERRED' && h.deferredUntil && h.deferredUntil.getTime() > day.getTime())
    .sort((x, y) => y.deferredUntil!.getTime() - x.deferredUntil!.getTime())[0];
  if (deferral?.deferredUntil) {
    return {
      status: REGISTRATION_STATUS.DEFERRED,
      message: CHECK_MESSAGES.deferred(
        deferralReasonLabel(deferral.deferralReason ?? 'OTHER', deferral.deferralText),
        formatVnDate(deferral.deferredUntil),
      ),
    };
  }
  return undefined;
}

function intervalRefusal(facts: DonorFacts, at: Date): RegistrationCheck | undefined {
  const last = decisiveOf([
    ...facts.history
      .filter((h) => (FINISHED_APPOINTMENT_STATUSES as readonly string[]).includes(h.status))
      .map((h) => ({ at: h.donatedAt, donationType: h.donationType })),
    ...facts.elsewhere,
  ]);
  if (!last) return undefined;
  const eligible = nextEligibleDay(last);
  if (vnStartOfDay(at).getTime() >= eligible.getTime()) return undefined;
  const date = formatVnDate(eligible);
  return {
    status: REGISTRATION_STATUS.TOO_SOON_SINCE_LAST_DONATION,
    message:
      last.donationType === 'WHOLE_BLOOD'
        ? CHECK_MESSAGES.tooSoon(date)
        : CHECK_MESSAGES.tooSoonApheresis(date),
  };
}

/**
 * Whether a verified donor may give on the day of `at` (Vietnam): of age, not deferred (nor held
 * by an open counselling case), past the interval since their decisive donation.
 */
export function isEligibleOn(facts: DonorFacts, at: Date): boolean {
  const donor = facts.identity;
  if (donor?.status !== DONOR_STATUS.EXTRACTED) return false;
  return !ageRefusal(donor.dob, at) && !deferralRefusal(facts, at) && !intervalRefusal(facts, at);
}

/** What listeners learn about a new BOOKING (after it is stored). */
export type Registered = {
  userId: number;
  campaignId: number;
  appointmentId: number;
  campaign: CampaignRow;
  slotStart: Date;
};

export type SubmissionGate = {
  beforeRules(): void;
  beforeSubmit(req: TSubmitAnswersRequest): Promise<void>;
};

export function createRegistrationService(deps: {
  repo: RegistrationRepository;
  clock: Clock;
  /**
   * Other modules' checks of a submission (data rights), read once when it starts, beside the
   * campaign and the donor's facts: `beforeRules` refuses before anything else (an account waiting
   * for erasure), `beforeSubmit` once the rules allow the booking (consents). Each throws to refuse.
   */
  gate?: (userId: number) => Promise<SubmissionGate>;
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
   * judged for today). Everything about the donor comes from one statement.
   */
  async function check(userId: number, campaignId?: number): Promise<RegistrationCheck> {
    const campaign = campaignId === undefined ? undefined : await campaignOrThrow(campaignId);
    return judge(campaign, await repo.donorFacts(userId));
  }

  function judge(campaign: CampaignRow | undefined, facts: DonorFacts): RegistrationCheck {
    const now = clock.now();
    if (campaign && campaign.endReceiveTime.getTime() < now.getTime()) {
      return { status: REGISTRATION_STATUS.CAMPAIGN_CLOSED, message: CHECK_MESSAGES.CAMPAIGN_CLOSED };
    }
    const donor = facts.identity;
    if (donor?.status !== DONOR_STATUS.EXTRACTED) {
      return { status: REGISTRATION_STATUS.NOT_VERIFIED, message: CHECK_MESSAGES.NOT_VERIFIED };
    }
    // The day the donation would take place: the campaign's, or today for the general check.
    const at = campaign?.organizeTime ?? now;
    const tooYoungOrOld = ageRefusal(donor.dob, at);
    if (tooYoungOrOld) return tooYoungOrOld;
    const history = facts.history;
    if (campaign && history.some((h) => h.campaignId === campaign.id)) {
      return { status: REGISTRATION_STATUS.ALREADY_REGISTERED, message: CHECK_MESSAGES.ALREADY_REGISTERED };
    }
    const deferred = deferralRefusal(facts, at);
    if (deferred) return deferred;
    // Another BOOKING whose campaign still receives donors, the soonest first.
    const upcoming = history
      .filter(
        (h) =>
          h.status === 'BOOKING' &&
          h.campaign.endReceiveTime.getTime() > now.getTime() &&
          h.campaignId !== campaign?.id,
      )
      .sort((x, y) => x.campaign.organizeTime.getTime() - y.campaign.organizeTime.getTime())[0];
    if (upcoming) {
      return {
        status: REGISTRATION_STATUS.HAS_UPCOMING_APPOINTMENT,
        message: CHECK_MESSAGES.upcoming(
          upcoming.campaign.name,
          formatVnDate(upcoming.campaign.organizeTime),
        ),
      };
    }
    const tooSoon = intervalRefusal(facts, at);
    if (tooSoon) return tooSoon;
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
      const sections: TQuestionSet['sections'] = groupSections(found.rows);
      return { id: found.set.id, name: found.set.name, sections };
    },

    /** Checks the rules again, then stores the answers and a BOOKING appointment atomically. */
    async submit(userId: number, req: TSubmitAnswersRequest): Promise<number> {
      // One statement for the account's erasure and consents (data rights), refused first.
      const gate = await deps.gate?.(userId);
      gate?.beforeRules();
      const campaign = await campaignOrThrow(req.campaignId);
      const [facts, set] = await Promise.all([
        repo.donorFacts(userId),
        // Cached per process, cleared whenever staff edit a version (question-set-cache.ts).
        repo.findQuestionSet(campaign.questionSetId),
      ]);
      const verdict = judge(campaign, facts);
      if (verdict.status !== REGISTRATION_STATUS.SUCCESS) {
        throw new HttpError(ErrorCode.CONFLICT, verdict.message, { details: { status: verdict.status } });
      }
      // After the rules a donor acts on first (verification, dates): then consents and the like.
      await gate?.beforeSubmit(req);
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
      const now = clock.now();
      const notBefore = bookableAfter(campaign, now);
      const requested = req.slotStart === undefined ? undefined : new Date(req.slotStart);
      // Without a chosen slot the booking statement takes the earliest free one itself.
      if (!requested) await repo.ensureSlots(campaign);
      else {
        const slots = await repo.slots(campaign);
        const slot = slots.find((s) => s.start.getTime() === requested.getTime());
        if (!slot) throw badRequest(SLOT_MESSAGES.slotNotFound);
        if (slot.start.getTime() <= notBefore.getTime()) throw conflict(SLOT_MESSAGES.slotPassed);
        // Already full when read: no transaction at all.
        if (slot.booked >= slot.capacity) throw slotFullError(slots, campaign, requested, now);
      }
      let id: number;
      let slotStart: Date;
      try {
        ({ id, slotStart } = await repo.createAppointmentWithAnswers(
          userId,
          req.campaignId,
          req.answers.map((a) => ({
            questionId: a.questionId,
            answer: a.answer === 'true',
            detail: a.detail?.trim() || null,
          })),
          now,
          { requested, notBefore },
        ));
      } catch (err) {
        if (err instanceof SlotFull)
          throw slotFullError(await repo.slots(campaign), campaign, err.start, clock.now());
        if (isUniqueViolation(err)) {
          throw new HttpError(ErrorCode.CONFLICT, CHECK_MESSAGES.ALREADY_REGISTERED, {
            details: { status: REGISTRATION_STATUS.ALREADY_REGISTERED },
          });
        }
        // Staff replaced the questions of the (unanswered) questionnaire meanwhile: answer them again.
        if (isForeignKeyViolation(err)) throw badRequest(REGISTRATION_MESSAGES.wrongQuestions);
        throw err;
      }
      await deps.onRegistered?.({
        userId,
        campaignId: req.campaignId,
        appointmentId: id,
        campaign,
        slotStart,
      });
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
