import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_STATUS,
  DONATION_RULES,
  ErrorCode,
  PROFILE_MESSAGES,
  PROFILE_TABS,
  PAGES,
  acceptsFeedback,
  type TAppointment,
  type TAppointmentAnswerSection,
  type TAppointmentView,
  type TNextEligible,
  type ZAppointmentUserInfoRequest,
  slotEnd,
  slotLabel,
} from '@giot-hong/contract';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { formatVnDate, VN_OFFSET_MS } from '../../lib/vn-time.ts';
import { nextEligibleDay } from './last-donation.ts';
import { normaliseJobIds } from '../users/user.service.ts';
import { buildIcsEvent } from './appointments.calendar.ts';
import type { AppointmentRepository, AppointmentRow } from './appointments.repository.ts';
import { rescheduleRefusal } from '../slots/reschedule-rule.ts';

const HOUR_MS = 3_600_000;

/** What listeners learn about a cancellation (after it is stored). */
export type AppointmentCancelled = {
  appointmentId: number;
  userId: number;
  campaignId: number;
  campaignName: string;
  location: string;
  organizeTime: Date;
  cancelledAt: Date;
  slotStart?: string | null;
  slotEnd?: string | null;
};
export type AppointmentCancelledListener = (event: AppointmentCancelled) => void | Promise<void>;

/** The history row of a just-cancelled appointment. */
export function cancelledAppointmentDto(e: AppointmentCancelled): TAppointment {
  return {
    id: e.appointmentId,
    campaignId: e.campaignId,
    campaignName: e.campaignName,
    appointmentDate: e.organizeTime.toISOString(),
    location: e.location,
    status: APPOINTMENT_STATUS.CANCELLED,
    canCancel: false,
    slotStart: e.slotStart ?? null,
    slotEnd: e.slotEnd ?? null,
  };
}

type UserInfoInput = z.output<typeof ZAppointmentUserInfoRequest>;

/**
 * Why a cancellation is refused now, or null when it is allowed: only BOOKING, only before the
 * campaign, and at least DONATION_RULES.cancelBeforeHours ahead (exactly 24 h ahead is allowed).
 */
export function cancelRefusal(a: Pick<AppointmentRow, 'status' | 'organizeTime'>, now: Date): string | null {
  if (a.status !== APPOINTMENT_STATUS.BOOKING) return APPOINTMENT_MESSAGES.cancelOnlyBooking;
  const ahead = a.organizeTime.getTime() - now.getTime();
  if (ahead <= 0) return APPOINTMENT_MESSAGES.cancelAfterCampaign;
  if (ahead < DONATION_RULES.cancelBeforeHours * HOUR_MS) return APPOINTMENT_MESSAGES.cancelTooLate;
  return null;
}

/** The booked slot's start and end (ISO), or nulls for a registration made without one. */
export function slotOf(a: Pick<AppointmentRow, 'slotStart' | 'endReceiveTime' | 'slotMinutes'>) {
  if (!a.slotStart) return { slotStart: null, slotEnd: null };
  return {
    slotStart: a.slotStart.toISOString(),
    slotEnd: slotEnd(a.slotStart, a.endReceiveTime, a.slotMinutes).toISOString(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:mm in Vietnam. */
function vnClock(at: Date): string {
  const d = new Date(at.getTime() + VN_OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export function createAppointmentService(deps: {
  repo: AppointmentRepository;
  clock: Clock;
  /** The portal's public address: calendar events link back to the appointment. */
  publicUrl: string;
  /** Called after a change of registration counts (the campaign list cache). */
  onCountsChanged?: () => void;
  /** Where a failing cancellation listener is reported (it never undoes the cancellation). */
  logError?: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;
  const cancelledListeners = new Set<AppointmentCancelledListener>();

  const toDto = (a: AppointmentRow, now: Date): TAppointment => ({
    id: a.id,
    campaignId: a.campaignId,
    campaignName: a.campaignName,
    appointmentDate: a.organizeTime.toISOString(),
    location: a.location,
    status: a.status,
    canCancel: cancelRefusal(a, now) === null,
    ...slotOf(a),
  });

  /** The questionnaire answers of one appointment, by section, as the donor gave them. */
  async function answersOf(appointmentId: number): Promise<TAppointmentAnswerSection[]> {
    const sections: TAppointmentAnswerSection[] = [];
    for (const r of await repo.answerRows(appointmentId)) {
      let s = sections[sections.length - 1];
      if (!s || s.id !== r.sectionId) {
        s = { id: r.sectionId, name: r.sectionName, order: r.sectionOrder, answers: [] };
        sections.push(s);
      }
      s.answers.push({ id: r.questionId, content: r.content, answer: r.answer, detail: r.detail });
    }
    return sections;
  }

  async function ownedOrThrow(userId: number, appointmentId: number) {
    const a = await repo.findOwned(userId, appointmentId);
    // Someone else's appointment is "not found" too: never reveal that it exists.
    if (!a) throw notFound(APPOINTMENT_MESSAGES.notFound);
    return a;
  }

  async function cancelRow(userId: number, a: AppointmentRow): Promise<AppointmentCancelled> {
    const now = clock.now();
    const refusal = cancelRefusal(a, now);
    if (refusal) throw conflict(refusal);
    // Still BOOKING at the moment of writing, or nothing changes (a concurrent cancel or check-in won).
    if (!(await repo.cancel(userId, a.id, now))) throw conflict(APPOINTMENT_MESSAGES.cancelOnlyBooking);
    deps.onCountsChanged?.();
    const event: AppointmentCancelled = {
      appointmentId: a.id,
      userId,
      campaignId: a.campaignId,
      campaignName: a.campaignName,
      location: a.location,
      organizeTime: a.organizeTime,
      cancelledAt: now,
      ...slotOf(a),
    };
    for (const listener of cancelledListeners) {
      try {
        await listener(event);
      } catch (err) {
        deps.logError?.(err, 'appointment-cancelled listener failed');
      }
    }
    return event;
  }

  return {
    /** The donor's appointments, newest campaign first. */
    async history(userId: number): Promise<TAppointment[]> {
      const now = clock.now();
      return (await repo.history(userId)).map((a) => toDto(a, now));
    },

    /** The first day the donor may give again (the interval of the decisive donation's type). */
    async nextEligible(userId: number): Promise<TNextEligible> {
      const last = await repo.decisiveDonation(userId);
      if (!last) return { lastDonationDate: null, nextEligibleDate: null, eligibleNow: true };
      const next = nextEligibleDay(last);
      return {
        lastDonationDate: last.at.toISOString(),
        nextEligibleDate: next.toISOString(),
        eligibleNow: clock.now() >= next,
      };
    },

    answersOf,

    /** One of the donor's own appointments with the donor's details and the answers given. */
    async view(userId: number, appointmentId: number): Promise<TAppointmentView> {
      const a = await ownedOrThrow(userId, appointmentId);
      const [info, sections, certificateSerial] = await Promise.all([
        repo.userInfo(userId),
        answersOf(a.id),
        repo.certificateSerialOf(a.id),
      ]);
      if (!info) throw notFound(APPOINTMENT_MESSAGES.notFound);
      const { user, profile: p, organizationName } = info;
      return {
        id: a.id,
        canCancel: cancelRefusal(a, clock.now()) === null,
        userInfo: {
          userId: user.id,
          fullName: p?.fullName ?? null,
          identityNumber: p?.cardId ?? null,
          dob: p?.dob ?? null,
          gender: p?.gender ?? null,
          address: p?.address ?? null,
          issueLoc: p?.issueLoc ?? null,
          jobName: p?.jobName ?? null,
          organizationId: p?.organizationId ?? null,
          organizationName: organizationName ?? null,
          bloodGroup: p?.bloodGroup ?? null,
          addressContact: p?.addressContact ?? null,
          studentId: p?.studentId ?? null,
          militaryId: p?.militaryId ?? null,
          phoneNumber: p?.mobile ?? null,
          email: p?.contactEmail ?? user.email,
        },
        campaign: {
          campaignId: a.campaignId,
          campaignName: a.campaignName,
          appointmentDate: a.organizeTime.toISOString(),
          startReceiveTime: a.startReceiveTime.toISOString(),
          endReceiveTime: a.endReceiveTime.toISOString(),
          location: a.location,
          status: a.status,
          checkInCode: a.status === APPOINTMENT_STATUS.BOOKING ? a.checkInCode : null,
          ...slotOf(a),
          canReschedule: rescheduleRefusal(a, clock.now()) === null,
        },
        answer: { sections },
        certificateSerial,
      };
    },

    /**
     * Cancels the donor's own BOOKING appointment: it becomes CANCELLED (cancelled_at set), the
     * campaign's count drops and the donor may register again. Throws 404 for an appointment that
     * is not the donor's, 409 with the reason when the rule refuses. Listeners run afterwards.
     */
    async cancelAppointment(userId: number, appointmentId: number): Promise<AppointmentCancelled> {
      return cancelRow(userId, await ownedOrThrow(userId, appointmentId));
    },

    /** `DELETE /answer/{campaignId}` (existing clients' call): cancels the donor's live booking there. */
    async cancelBookingForCampaign(userId: number, campaignId: number): Promise<AppointmentCancelled> {
      const a = await repo.findLiveForCampaign(userId, campaignId);
      if (!a) throw notFound(APPOINTMENT_MESSAGES.noBookingForCampaign);
      return cancelRow(userId, a);
    },

    /**
     * Runs `listener` after every successful cancellation (e.g. to notify the donor). A failing
     * listener is logged and never undoes the cancellation. Returns a function that unsubscribes.
     */
    onAppointmentCancelled(listener: AppointmentCancelledListener): () => void {
      cancelledListeners.add(listener);
      return () => cancelledListeners.delete(listener);
    },

    /**
     * PUT /api/appointments/user-info: the caller's own contact and job details, from a BOOKING
     * appointment (the named one, or else any BOOKING the caller has).
     */
    async updateUserInfo(userId: number, input: UserInfoInput): Promise<void> {
      if (input.userId !== userId)
        throw new HttpError(ErrorCode.FORBIDDEN, APPOINTMENT_MESSAGES.userInfoForbidden);
      if (input.appointmentId !== undefined) {
        const a = await ownedOrThrow(userId, input.appointmentId);
        if (a.status !== APPOINTMENT_STATUS.BOOKING) throw conflict(APPOINTMENT_MESSAGES.userInfoOnlyBooking);
      } else if (!(await repo.hasBooking(userId))) {
        throw notFound(APPOINTMENT_MESSAGES.notFound);
      }
      // 'Tự do' (id 0) is the pickers' synthetic "no organization".
      const organizationId = input.organizationId ? input.organizationId : null;
      if (organizationId !== null && !(await repo.organizationExists(organizationId))) {
        throw badRequest(PROFILE_MESSAGES.organizationRequired);
      }
      const ids = normaliseJobIds(input.jobName, input.studentId, input.militaryId);
      const saved = await repo.updateContact(
        userId,
        {
          contactEmail: input.email || null,
          mobile: input.phoneNumber || null,
          jobName: input.jobName || null,
          studentId: ids.studentId,
          militaryId: ids.militaryId,
          addressContact: input.addressContact || null,
          bloodGroup: input.bloodGroup || null,
          organizationId,
        },
        clock.now(),
      );
      // A BOOKING implies a verified profile; without one there is nothing to update.
      if (!saved) throw notFound(APPOINTMENT_MESSAGES.notFound);
    },

    /** Stores feedback on one of the donor's appointments that is no longer BOOKING. */
    async sendFeedback(userId: number, appointmentId: number, message: string) {
      const a = await ownedOrThrow(userId, appointmentId);
      if (!acceptsFeedback(a.status)) throw conflict(APPOINTMENT_MESSAGES.feedbackNotOnBooking);
      const row = await repo.insertFeedback({
        appointmentId: a.id,
        userId,
        campaignId: a.campaignId,
        message,
        createdAt: clock.now(),
      });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },

    /** An iCalendar event for the donor's own BOOKING appointment (the campaign's receive window). */
    async calendar(userId: number, appointmentId: number): Promise<{ filename: string; content: string }> {
      const a = await ownedOrThrow(userId, appointmentId);
      if (a.status !== APPOINTMENT_STATUS.BOOKING) throw notFound(APPOINTMENT_MESSAGES.notFound);
      const url = `${deps.publicUrl}${PAGES.profile}#${PROFILE_TABS.appointment(a.id)}`;
      // The booked slot when there is one, else the whole receive window.
      const start = a.slotStart ?? a.startReceiveTime;
      const end = a.slotStart ? slotEnd(a.slotStart, a.endReceiveTime, a.slotMinutes) : a.endReceiveTime;
      const content = buildIcsEvent({
        uid: `appointment-${a.id}@${new URL(deps.publicUrl).host}`,
        stamp: clock.now(),
        start,
        end,
        summary: `Hiến máu: ${a.campaignName}`,
        location: a.location,
        description: [
          `Lịch hẹn hiến máu tình nguyện "${a.campaignName}".`,
          a.slotStart
            ? `Khung giờ của bạn: ${slotLabel(start, end)} ngày ${formatVnDate(start)}.`
            : `Thời gian tiếp nhận: ${vnClock(a.startReceiveTime)} - ${vnClock(a.endReceiveTime)} ngày ${formatVnDate(a.startReceiveTime)}.`,
          'Mang theo căn cước công dân, ngủ đủ giấc và không uống rượu bia trước khi hiến máu.',
          `Nếu không thể tham gia, vui lòng hủy lịch trước ít nhất ${DONATION_RULES.cancelBeforeHours} giờ.`,
          `Chi tiết: ${url}`,
        ].join('\n'),
        url,
        alarmMinutesBefore: 24 * 60,
      });
      return { filename: `lich-hen-hien-mau-${a.id}.ics`, content };
    },
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
