import {
  DEFAULT_QUIET_HOURS,
  inQuietHours,
  isFixedChannel,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  minutesOfDay,
  NOTIFICATION_TYPE,
  PAGES,
  type TMessageChannel,
  type TMessageKind,
  type TNotificationPreferences,
  type TPushPayload,
  type TQuietHours,
} from '@giot-hong/contract';
import { randomUUID } from 'node:crypto';
import { createBackgroundRun } from '../../lib/background-run.ts';
import type { Clock } from '../../lib/clock.ts';
import { VN_OFFSET_MS, vnStartOfDay } from '../../lib/vn-time.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import type { PushSender } from '../push/push.sender.ts';
import type { DispatcherRepository } from './dispatcher.repository.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Portal notifications older than this get no push (a device added later, a long outage). */
const PUSH_LOOKBACK_MS = DAY_MS;
const BATCH = 100;

/** Minutes after midnight, Vietnam time. */
const vnMinutes = (at: Date) => {
  const shifted = new Date(at.getTime() + VN_OFFSET_MS);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
};

/**
 * When a message made at `now` may go by e-mail or push: `now`, or the end of the quiet hours
 * (the next time the Vietnam clock shows `end`) when `now` falls inside them.
 */
export function quietHoursRelease(now: Date, q: TQuietHours): Date {
  if (!inQuietHours(vnMinutes(now), q)) return now;
  const today = vnStartOfDay(now).getTime() + minutesOfDay(q.end) * MINUTE_MS;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/**
 * The kind of a portal notification, from what it is about (its dedupe key) and its type; null for
 * a notice that never leaves the portal: the request to call the chapter after a reactive result
 * says nothing, yet a push on a lock screen would still be a message about it (ADR 28).
 */
export function messageKindOf(type: number, dedupeKey: string | null): TMessageKind | null {
  const key = dedupeKey ?? '';
  if (key.startsWith('chapter-contact:')) return null;
  if (key.startsWith('appeal:')) return 'APPEAL';
  if (/^(unit-issued|lab-group|milestone|certificate-)/.test(key)) return 'JOURNEY';
  if (/^(identity|data-export):/.test(key)) return 'ACCOUNT';
  if (/^(news|event|broadcast):/.test(key) || type === NOTIFICATION_TYPE.NEWS) return 'NEWS';
  // Confirmations, moves, cancellations, thanks and the reminders: the appointments.
  return 'REMINDER';
}

/** A notification's HTML as the one plain line a push shows (lock screens cut it anyway). */
export function plainText(html: string, max = 180): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export type EmailOutcome = 'SENT' | 'DEFERRED' | 'OFF' | 'DUPLICATE';

export type DispatchedEmail = {
  userId: number;
  kind: TMessageKind;
  /** What the message is about, unique per donor: the same key twice sends once. Random when absent. */
  key?: string;
  mail: OutgoingMail;
};

/**
 * The one way a message reaches a donor (ADR 33). The portal's notification is written by the
 * notification service at once, always; this applies the donor's choices to the other channels:
 * e-mail (`email`, called by whoever makes the mail) and push (every portal notification of a donor
 * with a subscribed device, picked up by `run`). In the donor's quiet hours (default 21:00–07:00,
 * Vietnam) both wait for their end — except ACCOUNT messages. Each e-mail and push is a row of
 * `message_deliveries`, unique per donor, channel and message: made twice, it goes once; held by
 * the quiet hours, the scheduled task sends it when due.
 */
/** How long the kicks of new notifications are gathered before one dispatch run. */
export const KICK_GATHER_MS = 200;

export function createDispatcher(deps: {
  repo: DispatcherRepository;
  mailer: Mailer;
  push: PushSender;
  clock: Clock;
  publicUrl: string;
  logError: (err: unknown, msg: string) => void;
  logPush?: (outcome: string) => void;
}) {
  const { repo, clock } = deps;

  async function preferences(userId: number): Promise<TNotificationPreferences> {
    const [stored, quiet] = await Promise.all([repo.choices(userId), repo.quietHours(userId)]);
    const on = (kind: TMessageKind, channel: TMessageChannel) =>
      isFixedChannel(kind, channel) ||
      (stored.find((p) => p.kind === kind && p.channel === channel)?.enabled ?? true);
    const channels = Object.fromEntries(
      MESSAGE_KINDS.map((kind) => [
        kind,
        Object.fromEntries(MESSAGE_CHANNELS.map((channel) => [channel, on(kind, channel)])),
      ]),
    ) as TNotificationPreferences['channels'];
    return { channels, quietHours: quiet ?? { ...DEFAULT_QUIET_HOURS } };
  }

  /** When a message of this kind made now may leave: ACCOUNT at once, the rest after the quiet hours. */
  const releaseAt = (kind: TMessageKind, prefs: TNotificationPreferences, now: Date) =>
    kind === 'ACCOUNT' ? now : quietHoursRelease(now, prefs.quietHours);

  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${deps.publicUrl}${url}`);

  /** Pushes one message to every device of the donor; a device whose service says gone is removed. */
  async function pushToDevices(userId: number, kind: TMessageKind, payload: TPushPayload): Promise<number> {
    const devices = await repo.subscriptionsOf(userId);
    const reached: number[] = [];
    const urgency = kind === 'APPEAL' || kind === 'ACCOUNT' ? 'high' : 'normal';
    for (const d of devices) {
      const result = await deps.push.send(d, payload, urgency);
      deps.logPush?.(result.outcome);
      if (result.outcome === 'SENT') reached.push(d.id);
      else if (result.outcome === 'GONE') await repo.removeSubscription(d.id, userId);
      // The code only: an endpoint names a device, a payload speaks of the donor.
      else deps.logError({ code: result.code }, 'push not delivered');
    }
    await repo.markPushed(reached, clock.now());
    return reached.length;
  }

  /** Makes push deliveries for the portal notifications of donors with devices (due now or after quiet hours). */
  async function queuePushes(): Promise<number> {
    let queued = 0;
    for (;;) {
      const now = clock.now();
      const rows = await repo.notificationsToPush(new Date(now.getTime() - PUSH_LOOKBACK_MS), BATCH);
      const prefsOf = new Map<number, TNotificationPreferences>();
      for (const n of rows) {
        const kind = messageKindOf(n.type, n.messageKey);
        let prefs = prefsOf.get(n.userId);
        if (!prefs) prefsOf.set(n.userId, (prefs = await preferences(n.userId)));
        const wanted = kind !== null && prefs.channels[kind].PUSH;
        const payload: TPushPayload = {
          title: n.title,
          body: plainText(n.content),
          url: absolute(n.link ?? PAGES.notificationDetail(n.id)),
        };
        // A message the donor does not want by push is recorded as taken, so it is not looked at again.
        if (
          await repo.insertDelivery({
            userId: n.userId,
            kind: kind ?? 'NONE',
            channel: 'PUSH',
            messageKey: n.messageKey,
            payload: wanted ? payload : {},
            createdAt: now,
            dueAt: wanted ? releaseAt(kind, prefs, now) : now,
            sentAt: wanted ? null : now,
          })
        )
          queued += wanted ? 1 : 0;
      }
      if (rows.length < BATCH) return queued;
    }
  }

  /** Sends the deliveries that are due: pushes, and the e-mails the quiet hours held. */
  async function sendDue(): Promise<{ email: number; push: number }> {
    const sent = { email: 0, push: 0 };
    for (;;) {
      const taken = await repo.takeDue(clock.now(), BATCH);
      for (const d of taken) {
        const kind = d.kind as TMessageKind;
        // Switched off since it was held: it stays unsent.
        const prefs = await preferences(d.userId);
        if (!prefs.channels[kind]?.[d.channel]) continue;
        try {
          if (d.channel === 'EMAIL') {
            await deps.mailer.send(d.payload as OutgoingMail);
            sent.email += 1;
          } else if ((await pushToDevices(d.userId, kind, d.payload as TPushPayload)) > 0) sent.push += 1;
        } catch (err) {
          deps.logError(err, d.channel === 'EMAIL' ? 'held mail not sent' : 'push failed');
        }
      }
      if (taken.length < BATCH) return sent;
    }
  }

  async function run() {
    await queuePushes();
    return sendDue();
  }
  const background = createBackgroundRun(run, (err) => deps.logError(err, 'dispatch failed'));
  // Every notification written kicks the dispatcher; under a booking load that is hundreds a
  // second. The kicks of KICK_GATHER_MS are gathered into one run (a push leaves at most that much
  // later), so the bookings do not pay a dispatch run's statements each.
  let gathering: NodeJS.Timeout | undefined;
  function kick() {
    if (gathering) return;
    gathering = setTimeout(() => {
      gathering = undefined;
      background.kick();
    }, KICK_GATHER_MS);
    gathering.unref();
  }
  /** Starts what is gathered at once, then waits for the runs to end (app close, tests). */
  async function idle() {
    if (gathering) {
      clearTimeout(gathering);
      gathering = undefined;
      background.kick();
    }
    await background.idle();
  }

  return {
    preferences,

    async savePreferences(
      userId: number,
      prefs: TNotificationPreferences,
    ): Promise<TNotificationPreferences> {
      await repo.save(
        userId,
        MESSAGE_KINDS.flatMap((kind) =>
          MESSAGE_CHANNELS.filter((channel) => !isFixedChannel(kind, channel)).map((channel) => ({
            kind,
            channel,
            enabled: prefs.channels[kind][channel],
          })),
        ),
        prefs.quietHours,
        clock.now(),
      );
      return preferences(userId);
    },

    /**
     * An e-mail to a donor, by their choices: not at all (OFF), held until the quiet hours end
     * (DEFERRED), or sent now (SENT; a failure is thrown to the caller, who logs it). A message
     * already dispatched under the same key is not sent again (DUPLICATE).
     */
    async email(m: DispatchedEmail): Promise<EmailOutcome> {
      const prefs = await preferences(m.userId);
      if (!prefs.channels[m.kind].EMAIL) return 'OFF';
      const now = clock.now();
      const due = releaseAt(m.kind, prefs, now);
      const held = due.getTime() > now.getTime();
      const recorded = await repo.insertDelivery({
        userId: m.userId,
        kind: m.kind,
        channel: 'EMAIL',
        messageKey: m.key ?? `mail:${randomUUID()}`,
        // Only a held mail is kept whole: the one sent now leaves nothing but its key behind.
        payload: held ? m.mail : {},
        createdAt: now,
        dueAt: due,
        sentAt: held ? null : now,
      });
      if (!recorded) return 'DUPLICATE';
      if (held) return 'DEFERRED';
      await deps.mailer.send(m.mail);
      return 'SENT';
    },

    /** Queues pushes for new portal notifications and sends what is due (the scheduled task, tests). */
    run,
    /** Starts `run` in the background (after a notification is written). */
    kick,
    idle,
    deliveriesOf: (userId: number) => repo.deliveriesOf(userId),
    publicKey: deps.push.publicKey,
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
