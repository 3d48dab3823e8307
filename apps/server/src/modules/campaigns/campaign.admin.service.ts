import {
  ADMIN_APPOINTMENT_STATUS_LABELS,
  ADMIN_MESSAGES as M,
  DONATION_TYPES,
  ErrorCode,
  LIMITS,
  SLOT_MESSAGES,
  SLOT_RULES,
  deferralReasonLabel,
  slotEnd,
  slotLabel,
  isStillReceiving,
  vnDayOf,
  exportFileName,
  type TExportTable,
  vnDayStart,
  type TAdminAppointment,
  type TAdminAppointmentStatus,
  type TAdminCheckInResult,
  type TAdminCampaign,
  type TAdminCampaignFilter,
  type TAdminCampaignList,
  type TAdminCampaignRequest,
  type TAdminOutcomeRequest,
} from '@giot-hong/contract';
import { reencodeImage } from '../../lib/image-upload.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { formatVnDate } from '../../lib/vn-time.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit, recordListView } from '../audit/audit.repository.ts';
import { parseDonorSearch } from '../donors-admin/donor-search.ts';
import { escapeHtml } from '../notifications/notification.texts.ts';
import { toCampaignDto } from './campaign.service.ts';
import type { Tx } from '../../db/client.ts';
import { capacityFor, slotRepository } from '../slots/slots.repository.ts';
import type {
  AdminCampaignRow,
  CampaignAdminRepository,
  CampaignFields,
} from './campaign.admin.repository.ts';

/** Who acts, and the request to name in the audit trail. */
export type Actor = { id: number; role: string; requestId: string };

const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'];
const IMAGE_MAX_PIXELS = 120_000_000;
const IMAGE_WIDTH = 1200;

function toAdminCampaign(r: AdminCampaignRow): TAdminCampaign {
  return {
    ...toCampaignDto({ ...r, appointmentCount: r.counts.booked + r.counts.done }),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelReason: r.cancelReason,
    counts: r.counts,
    unitsCollected: r.counts.done,
    slotMinutes: r.slotMinutes,
    slotCapacity: r.slotCapacity,
  };
}

type DayRow = Awaited<ReturnType<CampaignAdminRepository['appointments']>>[number];

function dayStatus(r: { status: string; checkedInAt: Date | null }): TAdminAppointmentStatus {
  if (r.status === 'BOOKING') return r.checkedInAt ? 'CHECKED_IN' : 'BOOKING';
  if (r.status === 'COMPLETED') return 'DONE';
  return r.status as TAdminAppointmentStatus;
}

function toAdminAppointment(r: DayRow): TAdminAppointment {
  const year = r.dob ? Number(/(\d{4})/.exec(r.dob)?.[1]) : NaN;
  return {
    id: r.id,
    campaignId: r.campaignId,
    fullName: r.fullName ?? r.username,
    phone: r.mobile,
    birthYear: Number.isFinite(year) ? year : null,
    bloodGroup: r.bloodGroup,
    status: dayStatus(r),
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    hasYesAnswer: Boolean(r.hasYesAnswer),
    donationType: r.donationType,
    volumeMl: r.volumeMl,
    deferralReason: r.deferralReason,
    deferralText: r.deferralText,
    deferredUntil: r.deferredUntil ? vnDayOf(r.deferredUntil) : null,
    outcomeAt: r.outcomeAt?.toISOString() ?? null,
    slotStart: r.slotStart?.toISOString() ?? null,
  };
}

/** The day's list as an export table (CSV or .xlsx): phones as text, dates as dates. */
const DAY_COLUMNS: TExportTable['columns'] = [
  { header: 'Mã lịch hẹn', type: 'number' },
  { header: 'Họ và tên', type: 'text', width: 28 },
  { header: 'Số điện thoại', type: 'text', width: 14 },
  { header: 'Năm sinh', type: 'number' },
  { header: 'Nhóm máu', type: 'text' },
  { header: 'Trạng thái', type: 'text', width: 14 },
  { header: 'Khung giờ', type: 'text', width: 14 },
  { header: 'Giờ check-in', type: 'datetime', width: 17 },
  { header: 'Có câu trả lời "Có"', type: 'text' },
  { header: 'Loại hiến', type: 'text', width: 20 },
  { header: 'Thể tích (ml)', type: 'number' },
  { header: 'Lý do tạm hoãn', type: 'text', width: 30 },
  { header: 'Tạm hoãn đến', type: 'date', width: 13 },
];

export function createCampaignAdminService(deps: {
  repo: CampaignAdminRepository;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  /** The public list cache: a change shows at once. */
  onCampaignsChanged: () => void;
  notifyCampaignCancelled: (appointmentId: number, reason: string) => Promise<unknown>;
  notifyDonationThanks: (appointmentId: number) => Promise<unknown>;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;

  async function campaignOrThrow(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound(M.campaignNotFound);
    return row;
  }

  async function fields(req: TAdminCampaignRequest, current?: AdminCampaignRow): Promise<CampaignFields> {
    const questionSetId = req.questionSetId!;
    if (!(await repo.questionSetExists(questionSetId)))
      throw new HttpError(ErrorCode.VALIDATION, M.questionSetNotFound, {
        details: { errors: [{ field: 'questionSetId', message: M.questionSetNotFound }] },
      });
    return {
      name: req.name.trim(),
      location: req.location.trim(),
      description: req.description.trim(),
      organizeTime: new Date(req.organizeTime),
      startReceiveTime: new Date(req.startReceiveTime),
      endReceiveTime: new Date(req.endReceiveTime),
      targetBloodUnits: req.targetBloodUnits,
      questionSetId,
      ...slotFields(req, current),
    };
  }

  /** Slot length and places per slot: as sent, else as they were, else the defaults. */
  function slotFields(req: TAdminCampaignRequest, current?: AdminCampaignRow) {
    const slotMinutes = req.slotMinutes ?? current?.slotMinutes ?? SLOT_RULES.defaultMinutes;
    const window = {
      startReceiveTime: new Date(req.startReceiveTime),
      endReceiveTime: new Date(req.endReceiveTime),
      targetBloodUnits: req.targetBloodUnits,
    };
    const slotCapacity = req.slotCapacity ?? current?.slotCapacity ?? capacityFor(window, slotMinutes);
    return { slotMinutes, slotCapacity };
  }

  /** Regenerates the slots in the change's transaction; a slot holding bookings is never dropped. */
  async function syncSlots(
    tx: Tx,
    id: number,
    values: CampaignFields,
    capacity?: number,
    previous?: Pick<CampaignFields, 'endReceiveTime' | 'slotMinutes'>,
  ) {
    const { blocked, tooSmall } = await slotRepository.sync(tx, { id, ...values }, capacity);
    const label = (start: Date, w: Pick<CampaignFields, 'endReceiveTime' | 'slotMinutes'> = values) =>
      slotLabel(start, slotEnd(start, w.endReceiveTime, w.slotMinutes));
    // A slot that would go is named as it is now.
    if (blocked[0])
      throw conflict(SLOT_MESSAGES.slotHasBookings(label(blocked[0].start, previous), blocked[0].booked));
    if (tooSmall[0])
      throw conflict(SLOT_MESSAGES.capacityBelowBooked(label(tooSmall[0].start), tooSmall[0].booked));
  }

  async function appointmentView(id: number) {
    const found = await repo.findAppointment(repo.db, repo.byId(id));
    if (!found) throw notFound(M.appointmentNotFound);
    const rows = await repo.appointments(found.campaignId, undefined);
    const row = rows.find((r) => r.id === id)!;
    return toAdminAppointment(row);
  }

  return {
    async list(filter: TAdminCampaignFilter, search?: string): Promise<TAdminCampaignList> {
      const now = clock.now();
      const [rows, counts] = await Promise.all([repo.list(filter, search, now), repo.filterCounts(now)]);
      return { items: rows.map(toAdminCampaign), counts };
    },

    async get(id: number) {
      return toAdminCampaign(await campaignOrThrow(id));
    },

    async create(actor: Actor, req: TAdminCampaignRequest) {
      if (!isStillReceiving(req.endReceiveTime, clock.now().getTime()))
        throw new HttpError(ErrorCode.VALIDATION, M.endInFuture, {
          details: { errors: [{ field: 'endReceiveTime', message: M.endInFuture }] },
        });
      const values = await fields(req);
      const now = clock.now();
      const id = await repo.transaction(async (tx) => {
        const id = await repo.insert(tx, values, now);
        await syncSlots(tx, id, values);
        await recordAudit(
          tx,
          { actor, action: 'campaign.create', target: { type: 'campaign', id }, requestId: actor.requestId },
          now,
        );
        return id;
      });
      deps.onCampaignsChanged();
      return toAdminCampaign(await campaignOrThrow(id));
    },

    async update(actor: Actor, id: number, req: TAdminCampaignRequest) {
      const current = await campaignOrThrow(id);
      if (current.cancelledAt) throw conflict(M.campaignCancelled);
      const values = await fields(req, current);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        if (!(await repo.update(tx, id, values, now))) throw conflict(M.campaignCancelled);
        const capacityChanged =
          values.slotCapacity !== current.slotCapacity ? values.slotCapacity : undefined;
        await syncSlots(tx, id, values, capacityChanged, current);
        await recordAudit(
          tx,
          { actor, action: 'campaign.update', target: { type: 'campaign', id }, requestId: actor.requestId },
          now,
        );
      });
      deps.onCampaignsChanged();
      return toAdminCampaign(await campaignOrThrow(id));
    },

    /** Cancels the campaign and its bookings; each booked donor gets a notification and an e-mail with the reason. */
    async cancel(actor: Actor, id: number, reason: string) {
      const campaign = await campaignOrThrow(id);
      const now = clock.now();
      const cancelled = await repo.transaction(async (tx) => {
        const rows = await repo.cancel(tx, id, reason, now);
        if (!rows) throw conflict(M.campaignAlreadyCancelled);
        await recordAudit(
          tx,
          {
            actor,
            action: 'campaign.cancel',
            target: { type: 'campaign', id },
            requestId: actor.requestId,
            detail: { cancelledBookings: rows.length },
          },
          now,
        );
        return rows;
      });
      deps.onCampaignsChanged();
      const owners = new Map((await repo.emails(cancelled.map((c) => c.userId))).map((u) => [u.id, u]));
      const when = `${formatVnDate(campaign.organizeTime)}`;
      for (const a of cancelled) {
        await deps
          .notifyCampaignCancelled(a.id, reason)
          .catch((err) => deps.logError(err, 'cancel notification failed'));
        const owner = owners.get(a.userId);
        if (!owner) continue;
        await deps.mailer
          .send({
            to: owner.email,
            subject: `Chiến dịch "${campaign.name}" đã bị hủy`,
            text:
              `Xin chào ${owner.username},\n\nChiến dịch hiến máu "${campaign.name}" ngày ${when} tại ${campaign.location} đã bị hủy, lịch hẹn của bạn cũng được hủy theo.\n` +
              `Lý do: ${reason}\n\nMong bạn đăng ký tham gia một chiến dịch khác: ${deps.publicUrl}\n\nGiọt Hồng`,
            html:
              `<p>Xin chào ${escapeHtml(owner.username)},</p><p>Chiến dịch hiến máu <strong>${escapeHtml(campaign.name)}</strong> ngày ${when} tại ${escapeHtml(campaign.location)} đã bị hủy, lịch hẹn của bạn cũng được hủy theo.</p>` +
              `<p>Lý do: ${escapeHtml(reason)}</p><p>Mong bạn đăng ký tham gia một chiến dịch khác: <a href="${deps.publicUrl}">${deps.publicUrl}</a></p><p>Giọt Hồng</p>`,
          })
          .catch((err) => deps.logError(err, 'cancel mail failed'));
      }
      return toAdminCampaign(await campaignOrThrow(id));
    },

    async saveImage(actor: Actor, id: number, upload: Buffer) {
      await campaignOrThrow(id);
      const { webp } = await reencodeImage(
        upload,
        { maxBytes: LIMITS.imageMaxBytes, formats: IMAGE_FORMATS, maxPixels: IMAGE_MAX_PIXELS },
        { notImage: M.imageInvalid },
        { webp: (image) => image.resize({ width: IMAGE_WIDTH, withoutEnlargement: true }) },
      );
      const now = clock.now();
      await repo.saveImage(id, webp, 'image/webp', now);
      await recordAudit(
        repo.db,
        { actor, action: 'campaign.image', target: { type: 'campaign', id }, requestId: actor.requestId },
        now,
      );
      deps.onCampaignsChanged();
      return toAdminCampaign(await campaignOrThrow(id));
    },

    image: (id: number) => repo.image(id),

    /**
     * The day's list: names and phones of the campaign's registrants, so a view is an audit row
     * with an access-log row per donor shown (once per person and list in LIST_VIEW_WINDOW_MS: the
     * page refreshes the list every few seconds).
     */
    async appointments(actor: Actor, campaignId: number, status?: TAdminAppointmentStatus, search?: string) {
      await campaignOrThrow(campaignId);
      const parsed = search ? parseDonorSearch(search) : undefined;
      const rows = await repo.appointments(campaignId, status, parsed);
      await recordListView(
        repo.db,
        {
          actor,
          action: 'campaign.appointments.view',
          target: { type: 'campaign', id: campaignId },
          subjects: rows.flatMap((r) => r.userId ?? []),
          requestId: actor.requestId,
          detail: { status: status ?? 'ALL', search: parsed?.kind ?? 'none', rows: rows.length },
        },
        clock.now(),
      );
      return rows.map(toAdminAppointment);
    },

    /**
     * The day's list for a spreadsheet (CSV or .xlsx), named by the campaign and its day. Every
     * donor in the file gets a row in their access log.
     */
    async dayExport(
      actor: Actor,
      campaignId: number,
      format: 'csv' | 'xlsx',
    ): Promise<{ table: TExportTable; fileName: string }> {
      const campaign = await campaignOrThrow(campaignId);
      const raw = await repo.appointments(campaignId, undefined);
      const rows = raw.map(toAdminAppointment);
      await recordAudit(
        repo.db,
        {
          actor,
          action: 'campaign.appointments.export',
          target: { type: 'campaign', id: campaignId },
          subjects: raw.flatMap((r) => r.userId ?? []),
          requestId: actor.requestId,
          detail: { rows: rows.length, format },
        },
        clock.now(),
      );
      const table: TExportTable = {
        sheet: 'Danh sách',
        columns: DAY_COLUMNS,
        rows: rows.map((r) => [
          r.id,
          r.fullName,
          r.phone,
          r.birthYear,
          r.bloodGroup,
          ADMIN_APPOINTMENT_STATUS_LABELS[r.status as TAdminAppointmentStatus] ?? r.status,
          r.slotStart
            ? slotLabel(
                r.slotStart,
                slotEnd(new Date(r.slotStart), campaign.endReceiveTime, campaign.slotMinutes),
              )
            : null,
          r.checkedInAt,
          r.hasYesAnswer ? 'Có' : 'Không',
          DONATION_TYPES.find((t) => t.value === r.donationType)?.label ?? null,
          r.volumeMl,
          // The staff's own words for 'Lý do khác', not the bare category.
          r.deferralReason ? deferralReasonLabel(r.deferralReason, r.deferralText) : null,
          r.deferredUntil,
        ]),
      };
      return { table, fileName: exportFileName(campaign.name, vnDayOf(campaign.organizeTime), format) };
    },

    /** The donor's answers of one appointment (a view of health data: audited). */
    async answersViewed(actor: Actor, appointmentId: number) {
      const found = await repo.findAppointment(repo.db, repo.byId(appointmentId));
      if (!found) throw notFound(M.appointmentNotFound);
      await recordAudit(
        repo.db,
        {
          actor,
          action: 'appointment.answers.view',
          target: { type: 'appointment', id: appointmentId },
          subjectUserId: found.userId,
          requestId: actor.requestId,
        },
        clock.now(),
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
      const found = await repo.findAppointment(
        repo.db,
        'id' in target ? repo.byId(target.id) : repo.byCode(target.code),
      );
      if (!found) throw notFound('id' in target ? M.appointmentNotFound : M.codeNotFound);
      if ('code' in target && target.campaignId !== undefined && target.campaignId !== found.campaignId)
        throw conflict(M.codeOtherCampaign);
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
        await recordAudit(
          repo.db,
          {
            actor,
            action: 'appointment.check-in',
            target: { type: 'appointment', id: found.id },
            subjectUserId: found.userId,
            requestId: actor.requestId,
            detail: { byCode: 'code' in target },
          },
          now,
        );
      return { ...(await appointmentView(found.id)), alreadyCheckedIn: !first };
    },

    /** Records DONE, DEFERRED or NO_SHOW; exactly one of two concurrent recordings wins. */
    async outcome(actor: Actor, id: number, req: TAdminOutcomeRequest) {
      const now = clock.now();
      const result = await repo.transaction(async (tx) => {
        const found = await repo.findAppointment(tx, repo.byId(id), true);
        if (!found) throw notFound(M.appointmentNotFound);
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
        // The donation is dated on the campaign's day, whenever it is written down.
        const onTheDay = late ? found.organizeTime : now;
        const values = {
          status: req.result,
          donatedAt: req.result === 'DONE' ? (found.checkedInAt ?? onTheDay) : null,
          donationType: req.result === 'DONE' ? req.donationType! : null,
          volumeMl: req.result === 'DONE' ? req.volumeMl! : null,
          deferralReason: req.result === 'DEFERRED' ? req.reason! : null,
          deferralText: req.result === 'DEFERRED' && req.reason === 'OTHER' ? req.reasonText!.trim() : null,
          deferredUntil: req.result === 'DEFERRED' ? vnDayStart(req.deferredUntil!) : null,
          checkedInAt: found.checkedInAt ?? (req.result === 'NO_SHOW' ? null : onTheDay),
          outcomeBy: actor.id,
          outcomeAt: now,
          updatedAt: now,
        };
        if (!(await repo.setOutcome(tx, id, values, found.outcomeAt))) return { conflict: true as const };
        await recordAudit(
          tx,
          {
            actor,
            action: found.outcomeAt ? 'appointment.outcome.correct' : 'appointment.outcome',
            target: { type: 'appointment', id },
            subjectUserId: found.userId,
            requestId: actor.requestId,
            detail: {
              result: req.result,
              donationType: values.donationType,
              reason: values.deferralReason,
              // Staff's words for a late recording (never a donor's).
              ...(late ? { lateReason: req.lateReason! } : {}),
            },
          },
          now,
        );
        return { conflict: false as const };
      });
      if (result.conflict) {
        throw new HttpError(ErrorCode.CONFLICT, M.outcomeExists, {
          details: { data: await appointmentView(id) },
        });
      }
      deps.onCampaignsChanged();
      if (req.result === 'DONE')
        await deps.notifyDonationThanks(id).catch((err) => deps.logError(err, 'thanks notification failed'));
      return appointmentView(id);
    },
  };
}
export type CampaignAdminService = ReturnType<typeof createCampaignAdminService>;
