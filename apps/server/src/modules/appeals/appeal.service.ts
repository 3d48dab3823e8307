import {
  APPEAL_MESSAGES as M,
  APPEAL_PAGES,
  ErrorCode,
  NOTIFICATION_TYPE,
  isAppealQuietTime,
  type TAdminAppeal,
  type TAppealAnswer,
  type TAppealAudienceRequest,
  type TAppealDeliveryStatus,
  type TAppealEndReason,
  type TAppealPreview,
  type TAppealRequest,
  type TAppealStatus,
  type TAppealUrgency,
  type TMyAppeal,
  type TPublicAppeal,
} from '@giot-hong/contract';
import type { Actor } from '../../lib/actor.ts';
import { createBackgroundRun } from '../../lib/background-run.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { CACHE_SAFETY_EXPIRY_MS, createTtlCache } from '../../lib/ttl-cache.ts';
import type { Dispatcher } from '../notifications/dispatcher.ts';
import { audit } from '../audit/audit.repository.ts';
import type { AppealAudience, AudienceSpec } from './appeal-audience.ts';
import type {
  AppealCampaignRow,
  AppealCounts,
  AppealRepository,
  AppealWithCampaign,
} from './appeal.repository.ts';
import { appealMail, appealNotificationContent, appealNotificationTitle } from './appeals.mails.ts';

/** A sending process holds its appeal this long past its last batch. */
export const APPEAL_LEASE_MS = 5 * 60_000;

const NO_COUNTS: AppealCounts = {
  reached: 0,
  opened: 0,
  answered: 0,
  coming: 0,
  declined: 0,
  booked: 0,
  donated: 0,
  emailed: 0,
};

const fieldError = (field: string, message: string) =>
  new HttpError(ErrorCode.VALIDATION, message, { details: { errors: [{ field, message }] } });

function campaignDto(c: AppealCampaignRow) {
  return {
    id: c.id,
    name: c.name,
    questionSetId: c.questionSetId,
    place: c.location,
    startsAt: c.startReceiveTime.toISOString(),
    endsAt: c.endReceiveTime.toISOString(),
  };
}

function publicDto(a: AppealWithCampaign): TPublicAppeal {
  return {
    id: a.id,
    title: a.title,
    groups: a.groups,
    urgency: a.urgency as TAppealUrgency,
    campaign: campaignDto(a.campaign),
    endsAt: a.endsAt.toISOString(),
  };
}

function adminDto(a: AppealWithCampaign, counts: AppealCounts): TAdminAppeal {
  const { emailed, ...live } = counts;
  return {
    ...publicDto(a),
    message: a.message,
    slotStarts: a.slotStarts,
    target: a.target,
    status: a.status as TAppealStatus,
    endReason: (a.endReason as TAppealEndReason | null) ?? null,
    endedAt: a.endedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    delivery: {
      status: a.deliveryStatus as TAppealDeliveryStatus,
      total: a.total,
      sent: counts.reached,
      emailed,
    },
    counts: live,
  };
}

type MineRow = Awaited<ReturnType<AppealRepository['mine']>>[number];
function myDto(r: MineRow): TMyAppeal {
  const a = r.appeal;
  return {
    ...publicDto(a),
    message: a.message,
    includesSelfDeclared: a.urgency === 'URGENT',
    slotStarts: a.slotStarts,
    status: a.status as TAppealStatus,
    answer: (r.answer as TAppealAnswer | null) ?? null,
    booked: r.booked,
    reachedAt: r.reachedAt.toISOString(),
  };
}

/**
 * Appeals (ADR 29): staff create one for some groups and a campaign; the audience is chosen at send
 * time, batch by batch (appeal-audience.ts); each donor is reached once — a recipient row and the
 * notification in one transaction, the e-mail taken before it is sent — so a sending resumed by
 * another process after a crash sends nothing twice. URGENT appeals wait out the quiet hours
 * (21:00–07:00, Vietnam); an appeal ends at its end time or when its target is booked (checked
 * between batches, by the periodic task and on every read) or when staff end it.
 */
export function createAppealService(deps: {
  repo: AppealRepository;
  audience: AppealAudience;
  clock: Clock;
  /** E-mails by the donors' choices; `kick` pushes the notifications just written. */
  dispatcher: Pick<Dispatcher, 'email' | 'kick'>;
  publicUrl: string;
  /** Donors looked at per sending batch. */
  batchSize: number;
  logError: (err: unknown, msg: string) => void;
  /** Told after appeals opened or ended: publishes the change feed's 'appeals' topic (ADR 35). */
  onOpenListChanged: () => void;
}) {
  const { repo, audience, clock } = deps;
  // The public list of open appeals (the landing page reads it), kept until an appeal opens or
  // ends, or a campaign changes, here or in another process (the change feed, ADR 35).
  const openList = createTtlCache<AppealWithCampaign[]>(CACHE_SAFETY_EXPIRY_MS);

  const specOf = (a: AppealWithCampaign): AudienceSpec => ({
    groups: a.groups,
    urgency: a.urgency as TAppealUrgency,
    campaign: a.campaign,
    appealId: a.id,
  });

  /** Ends the appeals due (time, target); every process's public list forgets them at once. */
  async function settle(only?: number): Promise<void> {
    if ((await repo.endDue(clock.now(), only)).length) deps.onOpenListChanged();
  }

  async function campaignOf(campaignId: number) {
    const campaign = await repo.findCampaign(campaignId);
    if (!campaign) throw fieldError('campaignId', M.campaignNotFound);
    if (campaign.endReceiveTime.getTime() <= clock.now().getTime())
      throw fieldError('campaignId', M.campaignOver);
    return campaign;
  }

  /** Sends the e-mails of the appeal's recipients not yet taken, one at a time (at most once each). */
  async function mailTaken(a: AppealWithCampaign) {
    for (;;) {
      const to = await repo.takeMail(a.id, clock.now());
      if (!to) return;
      try {
        // The donor's choices and quiet hours apply: at night a CRITICAL appeal's e-mail waits for morning.
        await deps.dispatcher.email({
          userId: to.userId,
          kind: 'APPEAL',
          key: `appeal:${a.id}`,
          mail: appealMail(to, a, deps.publicUrl),
        });
        await repo.markMailed(a.id, to.userId, clock.now());
      } catch (err) {
        deps.logError(err, 'appeal mail not sent');
      }
    }
  }

  /** Sends one claimed appeal, batch by batch, until its audience is done, it ends or the night comes. */
  async function send(a: AppealWithCampaign) {
    const spec = specOf(a);
    const notification = {
      type: NOTIFICATION_TYPE.EVENT,
      title: appealNotificationTitle(a),
      content: appealNotificationContent(a),
      link: APPEAL_PAGES.appeal(a.id),
    };
    // A sending cut off after its recipients were stored but before their e-mails went.
    await mailTaken(a);
    let cursor = a.cursor;
    for (;;) {
      const now = clock.now();
      await settle(a.id);
      if ((await repo.find(a.id))?.status !== 'OPEN') return;
      if (a.urgency === 'URGENT' && isAppealQuietTime(now)) {
        await repo.setDelivery(a.id, 'WAITING', now);
        return;
      }
      const batch = await audience.batch(spec, cursor, deps.batchSize, now);
      if (batch.last === undefined) {
        await mailTaken(a);
        await repo.setDelivery(a.id, 'DONE', clock.now());
        return;
      }
      await repo.reach(a.id, batch.picks, audience.fatigueRule(spec.urgency, now), notification, now);
      deps.dispatcher.kick();
      await mailTaken(a);
      cursor = batch.last;
      await repo.progress(a.id, cursor, new Date(clock.now().getTime() + APPEAL_LEASE_MS));
    }
  }

  /** Sends every appeal this process can claim (the periodic task, and after a creation). */
  async function sendPending(): Promise<number> {
    let done = 0;
    for (;;) {
      const now = clock.now();
      const a = await repo.claim(now, new Date(now.getTime() + APPEAL_LEASE_MS), isAppealQuietTime(now));
      if (!a) return done;
      await send(a);
      done += 1;
    }
  }

  /** Starts sending in the background (one run at a time in this process). */
  const background = createBackgroundRun(sendPending, (err) => deps.logError(err, 'appeal sending failed'));
  const kick = background.kick;

  async function adminView(a: AppealWithCampaign): Promise<TAdminAppeal> {
    return adminDto(a, (await repo.counts([a.id])).get(a.id) ?? NO_COUNTS);
  }

  async function reachedAppeal(userId: number, id: number): Promise<MineRow> {
    const [row] = await repo.mine(userId, id);
    if (!row) throw notFound(M.appealNotFound);
    return row;
  }

  return {
    sendPending,
    kick,
    /** Waits for a background run (app close, tests). */
    idle: background.idle,

    /** The periodic task: ends what is due, then sends what may be sent (a URGENT appeal at 07:00). */
    async tick() {
      await settle();
      await sendPending();
    },

    async previewCount(req: TAppealAudienceRequest): Promise<TAppealPreview> {
      const campaign = await campaignOf(req.campaignId);
      return audience.preview({ groups: req.groups, urgency: req.urgency, campaign }, clock.now());
    },

    async create(actor: Actor, req: TAppealRequest): Promise<TAdminAppeal> {
      const now = clock.now();
      const campaign = await campaignOf(req.campaignId);
      const endsAt = new Date(req.endsAt);
      if (endsAt.getTime() <= now.getTime()) throw fieldError('endsAt', M.endsAtPast);
      if (endsAt.getTime() > campaign.endReceiveTime.getTime())
        throw fieldError('endsAt', M.endsAtAfterCampaign);
      const slotStarts = (req.slotStarts ?? []).map((s) => new Date(s));
      if (slotStarts.length) {
        const known = new Set((await repo.slotStarts(campaign)).map((d) => d.getTime()));
        if (slotStarts.some((s) => !known.has(s.getTime()))) throw fieldError('slotStarts', M.slotInvalid);
      }
      const preview = await audience.preview({ groups: req.groups, urgency: req.urgency, campaign }, now);
      const result = await repo.transaction(async (tx) => {
        const r = await repo.insert(tx, {
          idempotencyKey: req.idempotencyKey,
          createdBy: actor.id,
          title: req.title,
          message: req.message,
          groups: [...req.groups],
          urgency: req.urgency,
          campaignId: campaign.id,
          // In time order, each once.
          slotStarts: [...new Set(slotStarts.map((s) => s.getTime()))]
            .sort((x, y) => x - y)
            .map((t) => new Date(t).toISOString()),
          endsAt,
          target: req.target,
          // A URGENT appeal created in the quiet hours waits for 07:00.
          deliveryStatus: req.urgency === 'URGENT' && isAppealQuietTime(now) ? 'WAITING' : 'QUEUED',
          total: preview.count,
          createdAt: now,
        });
        // Nobody to reach: refused, unless this is a retry of an appeal already made.
        if (r.created && preview.count === 0) throw conflict(M.noRecipients);
        if (r.created)
          await audit(tx, actor, 'appeal.create', { type: 'appeal', id: r.row.id }, now, {
            detail: {
              groups: req.groups.join(','),
              urgency: req.urgency,
              target: req.target,
              total: preview.count,
            },
          });
        return r;
      });
      if (result.created) {
        deps.onOpenListChanged();
        kick();
      }
      return adminView((await repo.find(result.row.id))!);
    },

    async list(): Promise<TAdminAppeal[]> {
      await settle();
      const rows = await repo.list();
      const counts = await repo.counts(rows.map((r) => r.id));
      return rows.map((r) => adminDto(r, counts.get(r.id) ?? NO_COUNTS));
    },

    async get(id: number): Promise<TAdminAppeal> {
      await settle(id);
      const row = await repo.find(id);
      if (!row) throw notFound(M.appealNotFound);
      return adminView(row);
    },

    async end(actor: Actor, id: number): Promise<TAdminAppeal> {
      await settle(id);
      if (!(await repo.find(id))) throw notFound(M.appealNotFound);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        if (!(await repo.endByStaff(tx, id, now))) throw conflict(M.appealEnded);
        await audit(tx, actor, 'appeal.end', { type: 'appeal', id }, now, { detail: { endReason: 'STAFF' } });
      });
      deps.onOpenListChanged();
      return adminView((await repo.find(id))!);
    },

    /** Drops the cached open list: the change feed calls it ('appeals' and 'campaigns' topics). */
    invalidateOpenList: () => openList.invalidate(),

    /** Open appeals for anyone (the landing page): groups, place and time, nothing personal. */
    async openAppeals(): Promise<TPublicAppeal[]> {
      const rows = await openList.get(async () => {
        await settle();
        return repo.listOpen(clock.now());
      });
      const now = clock.now().getTime();
      return rows.filter((a) => a.endsAt.getTime() > now).map(publicDto);
    },

    async mine(userId: number): Promise<TMyAppeal[]> {
      await settle();
      return (await repo.mine(userId)).map(myDto);
    },

    /** One appeal that reached the donor (404 otherwise); reading it counts as opening it. */
    async one(userId: number, id: number): Promise<TMyAppeal> {
      await settle(id);
      const row = await reachedAppeal(userId, id);
      await repo.markOpened(id, userId, clock.now());
      return myDto(row);
    },

    /** The donor's answer, changeable while the appeal is open. */
    async respond(userId: number, id: number, answer: TAppealAnswer): Promise<TMyAppeal> {
      await settle(id);
      const row = await reachedAppeal(userId, id);
      if (row.appeal.status !== 'OPEN') throw conflict(M.appealEnded);
      await repo.answer(id, userId, answer, clock.now());
      return myDto((await repo.mine(userId, id))[0]!);
    },

    /** The appeals that reached the donor and their answers, for the data export. */
    async exportOf(userId: number) {
      return (await repo.mine(userId)).map((r) => ({
        id: r.appeal.id,
        title: r.appeal.title,
        message: r.appeal.message,
        groups: r.appeal.groups,
        urgency: r.appeal.urgency,
        campaign: r.appeal.campaign.name,
        reachedAt: r.reachedAt.toISOString(),
        openedAt: r.openedAt?.toISOString() ?? null,
        answer: r.answer,
        answeredAt: r.answeredAt?.toISOString() ?? null,
      }));
    },
  };
}
export type AppealService = ReturnType<typeof createAppealService>;
