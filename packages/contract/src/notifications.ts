import { z } from 'zod';
import { ZIdParam } from './ids.ts';
import { PAGING } from './constants.ts';
import { ZEnvelope, ZPage } from './envelope.ts';

export * from './notification-types.ts';

/**
 * One notification as the donor's client reads it. `content` is HTML already
 * sanitised by the server; `title` is plain text; `created` is an ISO instant; `status` true =
 * read; `link` is a page path of the portal ('/tin-tuc/5') or an absolute http(s) URL.
 */
export const ZNotification = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  created: z.string(),
  status: z.boolean(),
  link: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

const ZBooleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/notifications/user. `page` counts from 0. */
export const ZNotificationListQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).optional().default(0),
  size: z.coerce.number().int().min(1).max(50).optional().default(PAGING.notificationPageSize),
  type: z.coerce.number().int().min(1).max(3).optional(),
  unread: ZBooleanQuery.optional(),
  sortBy: z.enum(['created']).optional().default('created'),
  sortDir: z.enum(['asc', 'desc']).optional().default('desc'),
});
/** The list's query as a client sends it (query-string values). */
export type TNotificationListQuery = {
  page?: number;
  size?: number;
  type?: number;
  unread?: boolean;
  sortBy?: 'created';
  sortDir?: 'asc' | 'desc';
};
export type TNotificationListQueryParsed = z.output<typeof ZNotificationListQuery>;

export const ZNotificationListResponse = ZEnvelope(ZPage(ZNotification));
export const ZNotificationResponse = ZEnvelope(ZNotification);
/** GET …/unread: `data` is the count. */
export const ZUnreadCountResponse = ZEnvelope(z.number().int().min(0));
/** PUT …/read-all: `data` is how many were marked read. */
export const ZReadAllResponse = ZEnvelope(z.number().int().min(0));

/** Ids are PostgreSQL `serial`s: anything above int4 cannot exist. */
export const ZNotificationIdParams = z.object({ id: ZIdParam });
/** PUT …/{id}/toggle?status=true|false: true marks read, false unread. */
export const ZNotificationToggleQuery = z.object({ status: ZBooleanQuery });
