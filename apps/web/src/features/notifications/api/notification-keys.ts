import {
  CACHE,
  NOTIFICATION_FILTERS,
  PAGING,
  type TNotificationFilterKey,
  type TNotificationListQuery,
} from '@giot-hong/contract';

/**
 * Query keys of the notifications feature. Everything sits under ['notifications'], so one
 * invalidation after any read-state change refreshes the lists, the details and the unread
 * count. The count's key is the one the registration wizard and the
 * appointment history refresh after registering or cancelling.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (filter: TNotificationFilterKey, size: number) => ['notifications', 'list', filter, size] as const,
  pages: (filter: TNotificationFilterKey) => ['notifications', 'pages', filter] as const,
  detail: (id: number) => ['notifications', 'detail', id] as const,
  /**
   * Which messages the donor wants: outside ['notifications'] on purpose, so marking a message read
   * (which refreshes everything under it) does not ask for the preferences again.
   */
  preferences: () => ['notification-preferences'] as const,
  /** The donor's push devices, likewise outside ['notifications']. */
  pushDevices: () => ['push-devices'] as const,
};

/** Unread count and lists: stale after 30 s, kept 5 minutes. */
export const NOTIFICATION_CACHE = { staleTime: CACHE.unreadStaleMs, gcTime: CACHE.unreadGcMs } as const;

export const NOTIFICATION_PAGE_SIZE = PAGING.notificationPageSize;

/** The query of a tab: type and unread filters, newest first. */
export function filterQuery(
  filter: TNotificationFilterKey,
  page: number,
  size: number,
): TNotificationListQuery {
  const f = NOTIFICATION_FILTERS.find((x) => x.key === filter)!;
  return {
    page,
    size,
    sortBy: 'created',
    sortDir: 'desc',
    ...('type' in f ? { type: f.type } : {}),
    ...('unread' in f ? { unread: true } : {}),
  };
}
