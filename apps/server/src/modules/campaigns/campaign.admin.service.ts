import {
  CAMPAIGN_ADMIN_MESSAGES as M,
  ErrorCode,
  LIMITS,
  SLOT_MESSAGES,
  SLOT_RULES,
  slotEnd,
  slotLabel,
  isStillReceiving,
  type TAdminCampaign,
  type TAdminCampaignFilter,
  type TAdminCampaignList,
  type TAdminCampaignRequest,
} from '@giot-hong/contract';
import { reencodeImage } from '../../lib/image-upload.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { formatVnDate } from '../../lib/vn-time.ts';
import type { Dispatcher } from '../notifications/dispatcher.ts';
import { DEDUPE } from '../notifications/notification.service.ts';
import { audit } from '../audit/audit.repository.ts';
import { toCampaignDto } from './campaign.service.ts';
import type { Tx } from '../../db/client.ts';
import { capacityFor, slotRepository } from '../slots/slots.repository.ts';
import { campaignCancelledMail } from './campaign.mails.ts';
import { createDayDeskService } from './campaign.day-desk.service.ts';
import { createDayExportService } from './campaign.export.service.ts';
import type { Actor } from '../../lib/actor.ts';
import type {
  AdminCampaignRow,
  CampaignAdminRepository,
  CampaignFields,
} from './campaign.admin.repository.ts';

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

/**
 * The console's campaigns: list, create, edit (slots follow the window), cancel (donors told),
 * picture. The day at the venue and the day's export are services of their own
 * (campaign.day-desk.service.ts, campaign.export.service.ts); `createCampaignAdminService`
 * composes the three for the routes.
 */
function createCampaignEditService(deps: {
  repo: CampaignAdminRepository;
  clock: Clock;
  dispatcher: Pick<Dispatcher, 'email'>;
  publicUrl: string;
  /** The public list cache: a change shows at once. */
  onCampaignsChanged: () => void;
  notifyCampaignCancelled: (appointmentId: number, reason: string) => Promise<unknown>;
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

  return {
    /** The campaign or 404 (the desk and the exports ask it too). */
    findOrThrow: campaignOrThrow,

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
        await audit(tx, actor, 'campaign.create', { type: 'campaign', id }, now);
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
        await audit(tx, actor, 'campaign.update', { type: 'campaign', id }, now);
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
        await audit(tx, actor, 'campaign.cancel', { type: 'campaign', id }, now, {
          detail: { cancelledBookings: rows.length },
        });
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
        await deps.dispatcher
          .email({
            userId: a.userId,
            kind: 'REMINDER',
            key: DEDUPE.cancelled(a.id),
            mail: campaignCancelledMail(owner, campaign, when, reason, deps.publicUrl),
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
      await audit(repo.auditWriter, actor, 'campaign.image', { type: 'campaign', id }, now);
      deps.onCampaignsChanged();
      return toAdminCampaign(await campaignOrThrow(id));
    },

    image: (id: number) => repo.image(id),
  };
}

type CampaignAdminDeps = Parameters<typeof createCampaignEditService>[0] &
  Pick<Parameters<typeof createDayDeskService>[0], 'notifyDonationThanks' | 'certificates' | 'honours'>;

/** The campaign routes' one service: campaigns, the day desk and the day's export together. */
export function createCampaignAdminService(deps: CampaignAdminDeps) {
  const campaigns = createCampaignEditService(deps);
  const campaignOrThrow = campaigns.findOrThrow;
  return {
    ...campaigns,
    ...createDayDeskService({ ...deps, campaignOrThrow }),
    ...createDayExportService({ ...deps, campaignOrThrow }),
  };
}
export type CampaignAdminService = ReturnType<typeof createCampaignAdminService>;
