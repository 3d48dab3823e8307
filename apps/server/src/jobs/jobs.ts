import type { FastifyInstance } from 'fastify';
import type { NotificationService } from '../modules/notifications/notification.service.ts';
import { createScheduler, type Scheduler, type ScheduledTask } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Database-claimed periodic tasks; ticking only when `config.schedulerEnabled`. */
    scheduler: Scheduler;
  }
}

/**
 * Every task name, in one place: they are rows of `scheduled_tasks`, so renaming one starts it
 * afresh, and two modules choosing the same name would share one claim.
 */
export const TASK_NAMES = {
  reminders: 'notifications.appointment-reminders',
  donateAgain: 'notifications.donate-again',
  dataExports: 'data-rights.exports',
  erasure: 'data-rights.erasure',
  newsNotifications: 'news.scheduled-notifications',
  broadcasts: 'broadcasts.resume',
  journeyMessages: 'blood-centre.journey-messages',
  appeals: 'appeals.send',
  dispatch: 'notifications.dispatch',
} as const;

/**
 * Data rights: queued exports are built (and expired ones deleted) every minute; accounts whose
 * deletion grace period is over are erased every quarter of an hour. The service is read when a
 * task runs: it is created after the scheduler.
 */
export function dataRightsTasks(app: FastifyInstance): ScheduledTask[] {
  return [
    {
      name: TASK_NAMES.dataExports,
      intervalMs: 60_000,
      run: async () => {
        await app.dataRights.processExports();
        await app.dataRights.sweepExpiredExports();
      },
    },
    { name: TASK_NAMES.erasure, intervalMs: 15 * 60_000, run: () => app.dataRights.eraseDue() },
  ];
}

/** The timed notifications. Each is idempotent and catches up over its window after downtime. */
export function notificationTasks(notifications: NotificationService): ScheduledTask[] {
  return [
    // Every minute: reminders go out within a minute of 19:00 and 06:00 (Vietnam time).
    { name: TASK_NAMES.reminders, intervalMs: 60_000, run: () => notifications.sendDueReminders() },
    // Due at 08:00 of a day; a quarter of an hour late is fine.
    { name: TASK_NAMES.donateAgain, intervalMs: 15 * 60_000, run: () => notifications.sendDonateAgain() },
  ];
}

/** Scheduled news notify donors when their time comes; a broadcast cut off by a restart resumes. */
export function consoleContentTasks(app: FastifyInstance): ScheduledTask[] {
  return [
    {
      name: TASK_NAMES.newsNotifications,
      intervalMs: 60_000,
      run: () => app.newsAdmin.sendDueNotifications(),
    },
    { name: TASK_NAMES.broadcasts, intervalMs: 60_000, run: () => app.broadcasts.sendPending() },
  ];
}

/**
 * 'Your blood reached a hospital': the queued messages go out in the day-time window (08:00–20:00
 * in Vietnam); a run outside it sends nothing, so the first run after 08:00 sends the night's.
 */
export function bloodCentreTasks(app: FastifyInstance): ScheduledTask[] {
  return [{ name: TASK_NAMES.journeyMessages, intervalMs: 60_000, run: () => app.journeyMessages.sendDue() }];
}

/**
 * Appeals: every minute, those past their end time or with their target booked end, and sendings
 * resume — cut off by a restart, or a URGENT appeal held by the quiet hours, at 07:00.
 */
export function appealTasks(app: FastifyInstance): ScheduledTask[] {
  return [{ name: TASK_NAMES.appeals, intervalMs: 60_000, run: () => app.appeals.tick() }];
}

/**
 * The dispatcher (ADR 33): pushes for new portal notifications, and the e-mails and pushes the
 * quiet hours held, out within a minute of their end (07:00 by default).
 */
export function dispatchTasks(app: FastifyInstance): ScheduledTask[] {
  return [{ name: TASK_NAMES.dispatch, intervalMs: 60_000, run: () => app.dispatcher.run() }];
}

/**
 * Creates the scheduler (tests tick it by hand) and, when configured, starts it once the app is
 * ready and stops it — waiting for a running task — when the app closes.
 */
export function registerJobs(app: FastifyInstance) {
  const scheduler = createScheduler({
    db: app.database.db,
    clock: app.clock,
    tasks: [
      ...notificationTasks(app.notifications),
      ...consoleContentTasks(app),
      ...dataRightsTasks(app),
      ...bloodCentreTasks(app),
      ...appealTasks(app),
      ...dispatchTasks(app),
    ],
    log: app.log,
    observe: (task, seconds, failed) => app.metrics.taskRun(task, seconds, failed),
  });
  app.metrics.knowTasks(scheduler.taskNames);
  app.decorate('scheduler', scheduler);
  if (app.config.schedulerEnabled) {
    app.addHook('onReady', async () => scheduler.start(app.config.schedulerTickMs));
  }
  app.addHook('onClose', async () => scheduler.stop());
}
