import type { FastifyInstance } from 'fastify';
import type { ScheduledTask } from '../jobs/scheduler.ts';
import { loadAdminUnits } from './admin-units/admin-units.data.ts';
import { createBroadcastRepository } from './broadcasts/broadcast.repository.ts';
import { createBroadcastService, type BroadcastService } from './broadcasts/broadcast.service.ts';
import { createNewsAdminRepository } from './news/news.admin.repository.ts';
import { createNewsAdminService, type NewsAdminService } from './news/news.admin.service.ts';
import { logFailure } from '../lib/log-safe-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff news: drafts, publication, thumbnails, the one-time donor notification. */
    newsAdmin: NewsAdminService;
    /** Staff broadcasts, sent in the background. */
    broadcasts: BroadcastService;
  }
}

/**
 * The services of staff console content that background tasks use too (after `notifications`,
 * before the scheduler is created).
 */
export function decorateConsoleContent(app: FastifyInstance) {
  app.decorate(
    'newsAdmin',
    createNewsAdminService({
      repo: createNewsAdminRepository(app.database.db),
      clock: app.clock,
      notifyNewsPublished: (id) => app.notifications.notifyNewsPublished(id),
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  const provinces = new Map(loadAdminUnits().provinces.map((p) => [p.code, p.name]));
  app.decorate(
    'broadcasts',
    createBroadcastService({
      repo: createBroadcastRepository(app.database.db),
      clock: app.clock,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
      provinceName: (code) => provinces.get(code),
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
  // A broadcast being sent finishes its batch before the mailer and the database close.
  app.addHook('onClose', async () => app.broadcasts.idle());
}

export const CONTENT_TASK_NAMES = {
  newsNotifications: 'news.scheduled-notifications',
  broadcasts: 'broadcasts.resume',
} as const;

/** Scheduled news notify donors when their time comes; a broadcast cut off by a restart resumes. */
export function consoleContentTasks(app: FastifyInstance): ScheduledTask[] {
  return [
    {
      name: CONTENT_TASK_NAMES.newsNotifications,
      intervalMs: 60_000,
      run: () => app.newsAdmin.sendDueNotifications(),
    },
    { name: CONTENT_TASK_NAMES.broadcasts, intervalMs: 60_000, run: () => app.broadcasts.sendPending() },
  ];
}
