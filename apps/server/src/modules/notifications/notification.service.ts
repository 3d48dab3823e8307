import {
  DONATION_RULES,
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPE,
  type TNotification,
  type TNotificationListQueryParsed,
  type TPage,
} from '@giot-hong/contract';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { batched } from '../../lib/batched.ts';
import { page } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { sanitizeRichHtml } from '../../lib/sanitize-html.ts';
import { vnTimeOnDay } from '../../lib/vn-time.ts';
import type { NewNotification, NotificationRepository, NotificationRow } from './notification.repository.ts';
import {
  NOTIFICATION_TEMPLATES,
  sanitizeContent,
  sanitizeLink,
  sanitizeTitle,
} from './notification.texts.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When timed notifications are due, in Vietnam time (UTC+7). Each has a window: a run missed
 * during downtime still sends inside it, and the dedupe key keeps a second run from sending
 * again.
 */
export const NOTIFICATION_SCHEDULE = {
  /** The evening before the campaign day. */
  reminderEveHour: 19,
  /** The morning of the campaign day (earlier if the campaign starts before then). */
  reminderMorningHour: 6,
  /** 'You can donate again': this hour of the first eligible day (12 weeks after the donation). */
  donateAgainHour: 8,
  /** A 'donate again' notice not sent within this long after it was due is skipped (old donations). */
  donateAgainLookbackMs: 14 * DAY_MS,
} as const;

/** Dedupe keys: what a notification is about, unique per donor. */
export const DEDUPE = {
  registered: (appointmentId: number) => `registered:appointment:${appointmentId}`,
  cancelled: (appointmentId: number) => `cancelled:appointment:${appointmentId}`,
  /** One notice per move: moving to the same slot again later is a new move. */
  rescheduled: (appointmentId: number, slotStart: Date, at: Date) =>
    `rescheduled:appointment:${appointmentId}:${slotStart.toISOString()}:${at.getTime()}`,
  thanks: (appointmentId: number) => `thanks:appointment:${appointmentId}`,
  reminderEvePrefix: 'reminder-eve:appointment:',
  reminderMorningPrefix: 'reminder-morning:appointment:',
  donateAgainPrefix: 'donate-again:appointment:',
  news: (newsId: number) => `news:${newsId}`,
  event: (key: string) => `event:${key}`,
  milestone: (milestone: number) => `milestone:${milestone}`,
  certificateUse: (useKey: string) => `certificate-use:${useKey}`,
  certificateRevoked: (serial: string) => `certificate-revoked:${serial}`,
  unitIssued: (appointmentId: number) => `unit-issued:appointment:${appointmentId}`,
  labGroup: (unitEventId: number) => `lab-group:${unitEventId}`,
  labGroupCorrected: (taskId: number) => `lab-group-task:${taskId}`,
  /** Neutral like the notice itself: the donor's export lists no key, but the words stay plain. */
  chapterContact: (appointmentId: number) => `chapter-contact:appointment:${appointmentId}`,
} as const;

/** The instant the eve reminder and the morning reminder of a campaign become due. */
export function reminderTimes(organizeTime: Date) {
  const eve = vnTimeOnDay(organizeTime, -1, NOTIFICATION_SCHEDULE.reminderEveHour);
  const sixAm = vnTimeOnDay(organizeTime, 0, NOTIFICATION_SCHEDULE.reminderMorningHour);
  // A campaign starting before 06:00 gets its morning reminder an hour ahead instead.
  const morning = new Date(Math.min(sixAm.getTime(), organizeTime.getTime() - HOUR_MS));
  return { eve, morning: new Date(Math.max(morning.getTime(), eve.getTime() + HOUR_MS)) };
}

export function toNotificationDto(r: NotificationRow): TNotification {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    // Sanitised when stored; again on the way out so an older or hand-edited row never carries script.
    content: sanitizeRichHtml(r.content),
    created: r.createdAt.toISOString(),
    status: r.status,
    link: sanitizeLink(r.link),
  };
}

/** Hooks for tests that stop a batch loop half-way (a process killed mid-run). */
export type BatchOptions = { batchSize?: number; afterBatch?: () => Promise<void> };

export type EventBroadcast = {
  title: string;
  content: string;
  link?: string | null;
  /** Only donors registered for this campaign; all donors when absent. */
  campaignId?: number;
  /** Sending again with the same key reaches nobody twice (a retried request); random when absent. */
  key?: string;
};

export function createNotificationService(deps: {
  repo: NotificationRepository;
  clock: Clock;
  /** Told after notifications were written (the dispatcher pushes them to the donors' devices). */
  onWritten?: () => void;
}) {
  const { clock } = deps;
  /** The repository, telling `onWritten` of every insert that wrote something. */
  const written = <T extends (...args: never[]) => Promise<number>>(insert: T) =>
    (async (...args: Parameters<T>) => {
      const n = await insert(...args);
      if (n > 0) deps.onWritten?.();
      return n;
    }) as T;
  const repo = {
    ...deps.repo,
    insertMany: written(deps.repo.insertMany),
    insertForAllDonors: written(deps.repo.insertForAllDonors),
    insertForCampaignDonors: written(deps.repo.insertForCampaignDonors),
    insertEach: async (rows: readonly NewNotification[]) => {
      const isNew = await deps.repo.insertEach(rows);
      if (isNew.some(Boolean)) deps.onWritten?.();
      return isNew;
    },
  };

  function prepared(text: { title: string; content: string; link: string | null }) {
    return {
      title: sanitizeTitle(text.title),
      content: sanitizeContent(text.content),
      link: sanitizeLink(text.link),
    };
  }

  /**
   * The notifications requests write one each (a booking's, a cancellation's…), written together
   * when several come at once (ADR 65). A batch the database refuses is written again row by row,
   * so that one row it refuses (its donor erased meanwhile) fails alone.
   */
  const insertBatched = batched(async (rows: readonly NewNotification[]): Promise<(boolean | Error)[]> => {
    try {
      return await repo.insertEach(rows);
    } catch (err) {
      if (rows.length === 1) throw err;
      return Promise.all(
        rows.map((row) =>
          repo.insertEach([row]).then(
            ([isNew]) => isNew!,
            (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
          ),
        ),
      );
    }
  });

  /** Writes one notification unless the donor has its key already; whether it was new. */
  async function insertOne(
    userId: number,
    type: number,
    dedupeKey: string,
    text: { title: string; content: string; link: string | null },
  ) {
    const row: NewNotification = { userId, type, dedupeKey, createdAt: clock.now(), ...prepared(text) };
    const isNew = await insertBatched(row);
    if (isNew instanceof Error) throw isNew;
    return isNew;
  }

  /** Sends one kind of reminder for one campaign to every BOOKING donor still without it, in batches. */
  async function remindCampaign(
    campaign: NonNullable<Awaited<ReturnType<NotificationRepository['findCampaign']>>>,
    kind: 'eve' | 'morning',
    createdBefore: Date,
    opts: BatchOptions,
  ): Promise<number> {
    const batchSize = opts.batchSize ?? 500;
    const prefix = kind === 'eve' ? DEDUPE.reminderEvePrefix : DEDUPE.reminderMorningPrefix;
    let sent = 0;
    for (;;) {
      const due = await repo.bookingsWithout(campaign.id, prefix, batchSize, createdBefore);
      if (due.length === 0) break;
      const now = clock.now();
      sent += await repo.insertMany(
        due.map((a) => {
          // The donor's own time slot: 'lúc 08:30'.
          const at = { ...campaign, organizeTime: a.slotStart ?? campaign.organizeTime };
          const text =
            kind === 'eve'
              ? NOTIFICATION_TEMPLATES.reminderEve(at, a.id)
              : NOTIFICATION_TEMPLATES.reminderMorning(at, a.id);
          return {
            userId: a.userId,
            type: NOTIFICATION_TYPE.REMINDER,
            dedupeKey: `${prefix}${a.id}`,
            createdAt: now,
            ...prepared(text),
          };
        }),
      );
      await opts.afterBatch?.();
      if (due.length < batchSize) break;
    }
    return sent;
  }

  return {
    // --- the donor's own notifications (HTTP API) ------------------------------------------

    async list(userId: number, q: TNotificationListQueryParsed): Promise<TPage<TNotification>> {
      const { items, total } = await repo.list(userId, {
        page: q.page,
        size: q.size,
        type: q.type,
        unread: q.unread,
        sortDir: q.sortDir,
      });
      return page(items.map(toNotificationDto), q.page, q.size, total);
    },

    unreadCount: (userId: number) => repo.countUnread(userId),

    async get(userId: number, id: number): Promise<TNotification> {
      const row = await repo.findOwn(userId, id);
      if (!row) throw notFound(NOTIFICATION_TEXTS.notFound);
      return toNotificationDto(row);
    },

    /** Marks one of the donor's notifications read (true) or unread (false). */
    async toggle(userId: number, id: number, status: boolean): Promise<TNotification> {
      const row = await repo.setStatus(userId, id, status);
      if (!row) throw notFound(NOTIFICATION_TEXTS.notFound);
      return toNotificationDto(row);
    },

    readAll: (userId: number) => repo.markAllRead(userId),

    // --- notifications the portal writes --------------------------------------------------

    /**
     * Confirmation of a new BOOKING, an event ('Sự kiện'): only the scheduled messages are
     * reminders. Returns whether a notification was created.
     */
    async notifyRegistered(
      appointmentId: number,
      /** The booking's donor and campaign when the caller has them (saves a look-up). */
      known?: {
        userId: number;
        campaign: { name: string; location: string; organizeTime: Date };
        slotStart: Date | null;
      },
    ): Promise<boolean> {
      const found =
        known ??
        (await repo.findAppointment(appointmentId).then((r) =>
          // An erased donor's appointment is anonymous: nobody to notify.
          r?.appointment.userId
            ? { userId: r.appointment.userId, campaign: r.campaign, slotStart: r.appointment.slotStart }
            : undefined,
        ));
      if (!found) return false;
      const text = NOTIFICATION_TEMPLATES.registered(
        { ...found.campaign, organizeTime: found.slotStart ?? found.campaign.organizeTime },
        appointmentId,
      );
      return insertOne(found.userId, NOTIFICATION_TYPE.EVENT, DEDUPE.registered(appointmentId), text);
    },

    /** Notice that staff cancelled the campaign of a booking, with their reason. */
    async notifyCampaignCancelled(appointmentId: number, reason: string): Promise<boolean> {
      const found = await repo.findAppointment(appointmentId);
      // An erased donor's appointment is anonymous: nobody to notify.
      if (!found?.appointment.userId) return false;
      const text = NOTIFICATION_TEMPLATES.campaignCancelled(found.campaign, reason);
      return insertOne(
        found.appointment.userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.cancelled(appointmentId),
        text,
      );
    },

    /** Staff's identity decision (rejection, revoked verification, dispute resolved), once per key. */
    async notifyIdentity(
      userId: number,
      text: { title: string; content: string; link: string | null },
      key: string,
    ) {
      return insertOne(userId, NOTIFICATION_TYPE.EVENT, `identity:${key}`, text);
    },

    /** Thanks after staff recorded a donation (once per appointment, even after a correction). */
    async notifyDonationThanks(appointmentId: number): Promise<boolean> {
      const found = await repo.findAppointment(appointmentId);
      // An erased donor's appointment is anonymous: nobody to notify.
      if (!found?.appointment.userId) return false;
      const text = NOTIFICATION_TEMPLATES.donationThanks(found.campaign, appointmentId);
      return insertOne(found.appointment.userId, NOTIFICATION_TYPE.EVENT, DEDUPE.thanks(appointmentId), text);
    },

    /** Congratulations on a milestone of honours (once per donor and milestone, by its key). */
    async notifyMilestone(userId: number, milestone: number): Promise<boolean> {
      return insertOne(
        userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.milestone(milestone),
        NOTIFICATION_TEMPLATES.milestone(milestone),
      );
    },

    /** A hospital's use of the donor's certificate, as staff recorded it. */
    async notifyCertificateUsed(
      userId: number,
      use: { serial: string; key: string; hospital: string; volumeMl: number; remainingMl: number },
    ): Promise<boolean> {
      return insertOne(
        userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.certificateUse(use.key),
        NOTIFICATION_TEMPLATES.certificateUsed(use),
      );
    },

    /** The donor's certificate was revoked (recorded in error), with staff's reason. */
    async notifyCertificateRevoked(userId: number, serial: string, reason: string): Promise<boolean> {
      return insertOne(
        userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.certificateRevoked(serial),
        NOTIFICATION_TEMPLATES.certificateRevoked(serial, reason),
      );
    },

    /** The unit of a donation reached a hospital (once per donation, by its key). */
    async notifyUnitIssued(
      userId: number,
      appointmentId: number,
      donatedOn: string,
      hospital: string,
    ): Promise<boolean> {
      return insertOne(
        userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.unitIssued(appointmentId),
        NOTIFICATION_TEMPLATES.unitIssued(donatedOn, hospital),
      );
    },

    /** The lab's group replaced a different self-declared one (once per reporting event). */
    async notifyLabGroup(userId: number, unitEventId: number, declared: string, lab: string) {
      return insertOne(
        userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.labGroup(unitEventId),
        NOTIFICATION_TEMPLATES.labGroup(declared, lab),
      );
    },

    /** Staff applied a lab group that differed from an earlier lab group (once per task). */
    async notifyLabGroupCorrected(userId: number, taskId: number, earlier: string, lab: string) {
      return insertOne(
        userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.labGroupCorrected(taskId),
        NOTIFICATION_TEMPLATES.labGroupCorrected(earlier, lab),
      );
    },

    /** The one neutral request to contact the chapter, with its phone and opening hours. */
    async notifyChapterContact(userId: number, appointmentId: number, phone: string, openingHours: string) {
      return insertOne(
        userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.chapterContact(appointmentId),
        NOTIFICATION_TEMPLATES.chapterContact(phone, openingHours),
      );
    },

    /** Notice that a booking was cancelled, an event ('Sự kiện') too. */
    /** Notice that the donor moved their booking to another time slot of the same campaign. */
    async notifyRescheduled(appointmentId: number, slot: { start: Date; end: Date }): Promise<boolean> {
      const found = await repo.findAppointment(appointmentId);
      if (!found?.appointment.userId) return false;
      const text = NOTIFICATION_TEMPLATES.rescheduled(
        { ...found.campaign, organizeTime: slot.start, slotEnd: slot.end },
        appointmentId,
      );
      return insertOne(
        found.appointment.userId,
        NOTIFICATION_TYPE.EVENT,
        DEDUPE.rescheduled(appointmentId, slot.start, clock.now()),
        text,
      );
    },

    async notifyCancelled(
      appointmentId: number,
      /** What the cancellation already knows (its event): then nothing is read again. */
      known?: { userId: number; name: string; location: string; organizeTime: Date; slotStart?: Date | null },
    ): Promise<boolean> {
      let facts = known;
      if (!facts) {
        const found = await repo.findAppointment(appointmentId);
        // An erased donor's appointment is anonymous: nobody to notify.
        if (!found?.appointment.userId) return false;
        facts = {
          ...found.campaign,
          userId: found.appointment.userId,
          slotStart: found.appointment.slotStart,
        };
      }
      // The booked slot's time when there is one (the campaign's opening time otherwise).
      const text = NOTIFICATION_TEMPLATES.cancelled({
        name: facts.name,
        location: facts.location,
        organizeTime: facts.slotStart ?? facts.organizeTime,
      });
      return insertOne(facts.userId, NOTIFICATION_TYPE.EVENT, DEDUPE.cancelled(appointmentId), text);
    },

    /**
     * A published news item, to every donor in one statement (for the staff console). Calling it
     * again for the same item reaches nobody twice. Returns how many donors were notified.
     */
    async notifyNewsPublished(newsId: number): Promise<number> {
      const item = await repo.findNews(newsId);
      if (!item) throw notFound('Không tìm thấy tin tức');
      const text = prepared(NOTIFICATION_TEMPLATES.news(item));
      return repo.insertForAllDonors({
        type: NOTIFICATION_TYPE.NEWS,
        dedupeKey: DEDUPE.news(newsId),
        createdAt: clock.now(),
        ...text,
      });
    },

    /** An event announcement from staff: to every donor, or to the donors of one campaign. */
    async broadcastEvent(event: EventBroadcast): Promise<number> {
      const text = prepared({ title: event.title, content: event.content, link: event.link ?? null });
      const row = {
        type: NOTIFICATION_TYPE.EVENT,
        dedupeKey: DEDUPE.event(event.key ?? randomUUID()),
        createdAt: clock.now(),
        ...text,
      };
      if (event.campaignId === undefined) return repo.insertForAllDonors(row);
      if (!(await repo.findCampaign(event.campaignId))) throw notFound('Không tìm thấy chiến dịch');
      return repo.insertForCampaignDonors(row, event.campaignId);
    },

    /**
     * Reminders due at `now`: the eve one from 19:00 the day before until the morning one is
     * due, the morning one from 06:00 until the campaign stops receiving. Only what is missing
     * is sent, so this can run any number of times, by any number of processes.
     */
    async sendDueReminders(opts: BatchOptions = {}): Promise<{ eve: number; morning: number }> {
      const now = clock.now();
      // Eve reminders start at most ~29 h before a campaign; receiving ends within its day.
      const campaigns = await repo.campaignsStartingBetween(
        new Date(now.getTime() - DAY_MS),
        new Date(now.getTime() + 30 * HOUR_MS),
      );
      const sent = { eve: 0, morning: 0 };
      // A booking made after a reminder became due has just had its confirmation, with the date
      // and time: it is not reminded a second time the same evening or morning.
      for (const campaign of campaigns) {
        if (campaign.endReceiveTime.getTime() <= now.getTime()) continue;
        const { eve, morning } = reminderTimes(campaign.organizeTime);
        if (now.getTime() >= morning.getTime()) {
          sent.morning += await remindCampaign(campaign, 'morning', morning, opts);
        } else if (now.getTime() >= eve.getTime()) {
          sent.eve += await remindCampaign(campaign, 'eve', eve, opts);
        }
      }
      return sent;
    },

    /**
     * 'You can donate again' at 08:00 of the first eligible day, 12 weeks after a donation
     * (the donor's latest). Notices more than two weeks overdue are skipped.
     */
    async sendDonateAgain(opts: BatchOptions = {}): Promise<number> {
      const batchSize = opts.batchSize ?? 500;
      const intervalMs = DONATION_RULES.wholeBloodIntervalDays * DAY_MS;
      const sendHourMs = NOTIFICATION_SCHEDULE.donateAgainHour * HOUR_MS;
      let sent = 0;
      for (;;) {
        const now = clock.now();
        // Due when start-of-day(donatedAt) + 84 days + 08:00 <= now, i.e. donatedAt before the
        // Vietnam day after (now - 84 days - 8 h) begins; the lookback bounds it from below.
        const to = vnTimeOnDay(new Date(now.getTime() - intervalMs - sendHourMs), 1, 0);
        const from = vnTimeOnDay(
          new Date(now.getTime() - intervalMs - sendHourMs - NOTIFICATION_SCHEDULE.donateAgainLookbackMs),
          1,
          0,
        );
        const due = await repo.latestDonationsBetween(from, to, DEDUPE.donateAgainPrefix, batchSize);
        if (due.length === 0) break;
        sent += await repo.insertMany(
          due.map((d) => ({
            userId: d.userId,
            type: NOTIFICATION_TYPE.REMINDER,
            dedupeKey: `${DEDUPE.donateAgainPrefix}${d.id}`,
            createdAt: now,
            ...prepared(NOTIFICATION_TEMPLATES.donateAgain(d.donatedAt!)),
          })),
        );
        await opts.afterBatch?.();
        if (due.length < batchSize) break;
      }
      return sent;
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
