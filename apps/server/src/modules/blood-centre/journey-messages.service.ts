import { UNIT_ISSUED_MESSAGE } from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { formatVnDate, VN_OFFSET_MS } from '../../lib/vn-time.ts';
import type { Dispatcher } from '../notifications/dispatcher.ts';
import { DEDUPE } from '../notifications/notification.service.ts';
import { unitIssuedMail } from './blood-centre.mails.ts';
import type { UnitEventsRepository } from './unit-events.repository.ts';

/** Whether `at` is inside the day-time window of the journey messages (08:00–20:00 in Vietnam). */
export function inJourneyWindow(at: Date): boolean {
  const hour = new Date(at.getTime() + VN_OFFSET_MS).getUTCHours();
  return hour >= UNIT_ISSUED_MESSAGE.window.fromHour && hour < UNIT_ISSUED_MESSAGE.window.toHour;
}

/**
 * The 'your blood reached a hospital' messages, queued by ISSUED events and sent by a scheduled
 * task in the day-time window only (an event at night waits for the morning). Each message is
 * taken once, by one process (the take marks it sent), then goes out: the portal's notification,
 * always, and the e-mail and push through the dispatcher, by the donor's choices. Taking before sending makes it at most
 * once: a process that dies between the two loses that message rather than sending it twice.
 */
export function createJourneyMessagesService(deps: {
  repo: UnitEventsRepository;
  clock: Clock;
  notifications: {
    notifyUnitIssued(
      userId: number,
      appointmentId: number,
      donatedOn: string,
      hospital: string,
    ): Promise<boolean>;
  };
  dispatcher: Pick<Dispatcher, 'email'>;
  publicUrl: string;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;
  return {
    /** Sends what is queued, if now is in the window; returns how many messages were taken. */
    async sendDue(batchSize = 50): Promise<number> {
      let taken = 0;
      for (;;) {
        const now = clock.now();
        if (!inJourneyWindow(now)) return taken;
        const batch = await repo.takeIssuedMessages(now, batchSize);
        for (const m of batch) {
          let notified = false;
          let mailed = false;
          // An erased donor's donation is anonymous: nobody to tell.
          if (m.userId !== null) {
            const donatedOn = formatVnDate(m.donatedAt);
            notified = await deps.notifications
              .notifyUnitIssued(m.userId, m.appointmentId, donatedOn, m.hospital)
              .catch((err: unknown) => (deps.logError(err, 'journey notification failed'), false));
            if (m.email && m.username) {
              const mail = unitIssuedMail(
                { email: m.email, username: m.username },
                donatedOn,
                m.hospital,
                deps.publicUrl,
              );
              mailed = await deps.dispatcher
                .email({ userId: m.userId, kind: 'JOURNEY', key: DEDUPE.unitIssued(m.appointmentId), mail })
                .then((outcome) => outcome === 'SENT' || outcome === 'DEFERRED')
                .catch((err: unknown) => (deps.logError(err, 'journey mail failed'), false));
            }
          }
          await repo.markIssuedMessage(m.id, notified, mailed);
        }
        taken += batch.length;
        if (batch.length < batchSize) return taken;
      }
    },
  };
}
export type JourneyMessagesService = ReturnType<typeof createJourneyMessagesService>;
