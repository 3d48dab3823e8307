import {
  DAY_DESK_MESSAGES as M,
  DAY_LIST_PAGE_SIZE,
  ErrorCode,
  vnDayOf,
  vnDayStart,
  type TAdminAppointmentStatus,
  type TAdminCheckInResult,
  type TAdminDayPage,
  type TAdminOutcomeRequest,
  type TScreening,
  SCREENING_MESSAGES,
  sexOf,
  UNIT_NUMBER_MESSAGES,
  volumeRefusal,
} from '@giot-hong/contract';
import type { Tx } from '../../db/client.ts';
import type { CertificateService } from '../certificates/certificates.service.ts';
import type { HonoursService } from '../honours/honours.service.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { formatVnDate } from '../../lib/vn-time.ts';
import { audit, recordListView } from '../audit/audit.repository.ts';
import { parseDonorSearch } from '../donors-admin/donor-search.ts';
import type { Actor } from '../../lib/actor.ts';
import type { CampaignAdminRepository } from './campaign.admin.repository.ts';
import { toAdminAppointment } from './campaign.day-list.ts';

/**
 * The campaign's day at the venue: the list of registrants, the donor's answers, check-in (by
 * id or code) and the outcome (DONE, DEFERRED, NO_SHOW). Two desks may work the same list at
 * once: each answer is the one row the list shows, read again by id after the change.
 */
export function createDayDeskService(deps: {
  repo: CampaignAdminRepository;
  clock: Clock;
  campaignOrThrow: (id: number) => Promise<unknown>;
  /** The public list cache: a recorded donation changes the campaign's counts. */
  onCampaignsChanged: () => void;
  notifyDonationThanks: (appointmentId: number) => Promise<unknown>;
  logError: (err: unknown, msg: string) => void;
  /** Issues (or re-signs, or revokes) the certificate inside the outcome's transaction. */
  certificates?: Pick<
    CertificateService,
    'issueForDone' | 'revokeForCorrection' | 'noticeRevokedForCorrection'
  >;
  /** Awards milestones inside the outcome's transaction, congratulates after it. */
  honours?: Pick<HonoursService, 'awardAfterDonation' | 'congratulate'>;
}) {
  const { repo, clock, campaignOrThrow } = deps;

  /** One appointment as the day list shows it: the answer to a check-in or an outcome (one row read). */
  async function appointmentView(id: number) {
    const row = await repo.dayListAppointment(id);
    if (!row) throw notFound(M.appointmentNotFound);
    return toAdminAppointment(row);
  }

  /**
   * A DONE needs the venue check first, a volume the donor's weight allows (the one limit the
   * portal enforces: the certificate must not carry an entitlement the donor should not have
   * given), and a unit number no other donation has.
   */
  async function checkDone(tx: Tx, id: number, req: TAdminOutcomeRequest) {
    const field = (name: string, message: string) =>
      new HttpError(ErrorCode.VALIDATION, message, { details: { errors: [{ field: name, message }] } });
    const s = await repo.screeningOf(tx, id);
    if (!s) throw field('result', SCREENING_MESSAGES.screeningRequired);
    const refusal = volumeRefusal(s.s.weightKg, req.donationType!, req.volumeMl!, sexOf(s.gender));
    if (refusal) throw field('volumeMl', refusal);
    if (await repo.unitNumberTaken(tx, req.unitNumber!, id))
      throw field('unitNumber', UNIT_NUMBER_MESSAGES.duplicate);
  }

  return {
    /**
     * A page of the day's list (names and phones of the campaign's registrants), so a view is an
     * audit row with an access-log row per donor shown (once per person and list in
     * LIST_VIEW_WINDOW_MS: the page refreshes the list every few seconds), and the day's counts.
     */
    async appointments(
      actor: Actor,
      campaignId: number,
      q: { status?: TAdminAppointmentStatus; search?: string; page: number },
    ): Promise<TAdminDayPage> {
      await campaignOrThrow(campaignId);
      const parsed = q.search ? parseDonorSearch(q.search) : undefined;
      const found = await repo.dayPage(campaignId, {
        status: q.status,
        search: parsed,
        page: q.page,
        pageSize: DAY_LIST_PAGE_SIZE,
      });
      await recordListView(
        repo.auditWriter,
        {
          actor,
          action: 'campaign.appointments.view',
          target: { type: 'campaign', id: campaignId },
          subjects: found.rows.flatMap((r) => r.userId ?? []),
          requestId: actor.requestId,
          detail: {
            status: q.status ?? 'ALL',
            search: parsed?.kind ?? 'none',
            page: found.page,
            rows: found.rows.length,
          },
        },
        clock.now(),
      );
      return {
        data: found.rows.map(toAdminAppointment),
        currentPage: found.page,
        pageSize: DAY_LIST_PAGE_SIZE,
        totalItems: found.total,
        totalPages: found.totalPages,
        slots: found.slots.map((s) => ({ start: s.start.toISOString(), checkedIn: s.checkedIn })),
      };
    },

    /** The donor's answers of one appointment (a view of health data: audited). */
    async answersViewed(actor: Actor, appointmentId: number) {
      const found = await repo.findAppointment(appointmentId);
      if (!found) throw notFound(M.appointmentNotFound);
      await audit(
        repo.auditWriter,
        actor,
        'appointment.answers.view',
        { type: 'appointment', id: appointmentId },
        clock.now(),
        { subjectUserId: found.userId },
      );
    },

    /**
     * Checks a donor in, by the appointment's id (the list) or its code (QR, typed). An appointment
     * checked in before is no refusal: the answer says so (`alreadyCheckedIn`, with the first
     * check-in's time), so a second scan or a second desk learns when it was done.
     */
    async checkIn(
      actor: Actor,
      target: { id: number } | { code: string; campaignId?: number },
    ): Promise<TAdminCheckInResult> {
      const found =
        'id' in target
          ? await repo.findAppointment(target.id)
          : await repo.findAppointmentByCode(target.code);
      if (!found) throw notFound('id' in target ? M.appointmentNotFound : M.codeNotFound);
      if ('code' in target && target.campaignId !== undefined && target.campaignId !== found.campaignId)
        throw conflict(M.codeOtherCampaign);
      // An erased donor's booking is an anonymous count, off the day's list (ADR 20): refused
      // before anything is written (a list opened before the erasure still shows it).
      if (found.userId === null) throw conflict(M.donorErased);
      // A donor arrives on the campaign's day: a check-in any other day is a mistake (a wrong
      // campaign picked, tomorrow's list open), and it would date the donation wrongly.
      if (vnDayOf(clock.now()) !== vnDayOf(found.organizeTime))
        throw conflict(M.notCampaignDay(formatVnDate(found.organizeTime)));
      if (found.status === 'CANCELLED' || (found.status !== 'BOOKING' && !found.checkedInAt)) {
        throw new HttpError(ErrorCode.CONFLICT, M.checkInNotBooking, {
          details: { data: await appointmentView(found.id) },
        });
      }
      const now = clock.now();
      // Of two desks checking in at once, the one whose update finds the row unchecked records it.
      const first = !found.checkedInAt && (await repo.checkIn(found.id, now));
      if (first)
        await audit(
          repo.auditWriter,
          actor,
          'appointment.check-in',
          { type: 'appointment', id: found.id },
          now,
          { subjectUserId: found.userId, detail: { byCode: 'code' in target } },
        );
      return { ...(await appointmentView(found.id)), alreadyCheckedIn: !first };
    },

    /**
     * Records the venue check of a checked-in donor (again: replaces it), on the campaign's day or
     * after it (a paper form written up later). Values outside the limits are shown, not refused:
     * the physician decides. Audited with the values (numbers measured by staff).
     */
    async screening(actor: Actor, id: number, req: TScreening) {
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const found = await repo.findAppointment(id, { tx, lock: true });
        if (!found) throw notFound(M.appointmentNotFound);
        if (found.userId === null) throw conflict(M.donorErased);
        if (found.status === 'CANCELLED') throw conflict(M.outcomeCancelled);
        if (vnDayOf(now) < vnDayOf(found.organizeTime))
          throw conflict(M.notCampaignDay(formatVnDate(found.organizeTime)));
        await repo.upsertScreening(tx, {
          appointmentId: id,
          weightKg: req.weightKg,
          systolic: req.systolic,
          diastolic: req.diastolic,
          pulse: req.pulse,
          hemoglobinGL: req.hemoglobinGL,
          temperatureC: req.temperatureC ?? null,
          recordedBy: actor.id,
          recordedAt: now,
        });
        await audit(tx, actor, 'appointment.screening', { type: 'appointment', id }, now, {
          subjectUserId: found.userId,
          detail: {
            weightKg: req.weightKg,
            systolic: req.systolic,
            diastolic: req.diastolic,
            pulse: req.pulse,
            hemoglobinGL: req.hemoglobinGL,
            temperatureC: req.temperatureC ?? null,
          },
        });
      });
      return appointmentView(id);
    },

    /** Records DONE, DEFERRED or NO_SHOW; exactly one of two concurrent recordings wins. */
    async outcome(actor: Actor, id: number, req: TAdminOutcomeRequest) {
      const now = clock.now();
      const result = await repo.transaction(async (tx) => {
        const found = await repo.findAppointment(id, { tx, lock: true });
        if (!found) throw notFound(M.appointmentNotFound);
        if (found.userId === null) throw conflict(M.donorErased);
        if (found.status === 'CANCELLED') throw conflict(M.outcomeCancelled);
        // Outcomes on the campaign's day; never before it; after it only with a reason (a result
        // written on paper at the venue, a correction), which the audit trail keeps.
        const campaignDay = vnDayOf(found.organizeTime);
        const today = vnDayOf(now);
        if (today < campaignDay) throw conflict(M.notCampaignDay(formatVnDate(found.organizeTime)));
        const late = today > campaignDay;
        if (late && !req.lateReason)
          throw new HttpError(ErrorCode.VALIDATION, M.lateReasonRequired, {
            details: { errors: [{ field: 'lateReason', message: M.lateReasonRequired }] },
          });
        if (found.outcomeAt && !req.correction) return { conflict: true as const };
        if (req.result === 'DONE') await checkDone(tx, id, req);
        // The donation is dated on the campaign's day, whenever it is written down.
        const onTheDay = late ? found.organizeTime : now;
        const values = {
          status: req.result,
          donatedAt: req.result === 'DONE' ? (found.checkedInAt ?? onTheDay) : null,
          donationType: req.result === 'DONE' ? req.donationType! : null,
          volumeMl: req.result === 'DONE' ? req.volumeMl! : null,
          unitNumber: req.result === 'DONE' ? req.unitNumber! : null,
          emergency: req.result === 'DONE' ? (req.emergency ?? false) : false,
          deferralReason: req.result === 'DEFERRED' ? req.reason! : null,
          deferralText: req.result === 'DEFERRED' && req.reason === 'OTHER' ? req.reasonText!.trim() : null,
          deferredUntil: req.result === 'DEFERRED' ? vnDayStart(req.deferredUntil!) : null,
          checkedInAt: found.checkedInAt ?? (req.result === 'NO_SHOW' ? null : onTheDay),
          outcomeBy: actor.id,
          outcomeAt: now,
          updatedAt: now,
        };
        if (!(await repo.setOutcome(tx, id, values, found.outcomeAt))) return { conflict: true as const };
        await audit(
          tx,
          actor,
          found.outcomeAt ? 'appointment.outcome.correct' : 'appointment.outcome',
          { type: 'appointment', id },
          now,
          {
            subjectUserId: found.userId,
            detail: {
              result: req.result,
              donationType: values.donationType,
              volumeMl: values.volumeMl,
              unitNumber: values.unitNumber,
              emergency: values.emergency,
              reason: values.deferralReason,
              // Staff's words for a late recording (never a donor's).
              ...(late ? { lateReason: req.lateReason! } : {}),
            },
          },
        );
        // What follows a donation, in the same transaction: the certificate (issued, or re-signed
        // after a corrected volume; revoked when a DONE is corrected away) and the milestones.
        const revoked =
          req.result !== 'DONE' && found.outcomeAt
            ? ((await deps.certificates?.revokeForCorrection(tx, id, actor.id)) ?? null)
            : null;
        if (req.result === 'DONE') await deps.certificates?.issueForDone(tx, id);
        const awards =
          req.result === 'DONE' && found.userId
            ? ((await deps.honours?.awardAfterDonation(tx, found.userId)) ?? [])
            : [];
        return { conflict: false as const, revoked, awards };
      });
      if (result.conflict) {
        throw new HttpError(ErrorCode.CONFLICT, M.outcomeExists, {
          details: { data: await appointmentView(id) },
        });
      }
      deps.onCampaignsChanged();
      if (req.result === 'DONE')
        await deps.notifyDonationThanks(id).catch((err) => deps.logError(err, 'thanks notification failed'));
      await deps.certificates?.noticeRevokedForCorrection(result.revoked);
      await deps.honours?.congratulate(result.awards);
      return appointmentView(id);
    },
  };
}
export type DayDeskService = ReturnType<typeof createDayDeskService>;
