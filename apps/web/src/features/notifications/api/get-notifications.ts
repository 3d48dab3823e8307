import {
  API,
  type TEnvelope,
  type TNotification,
  type TNotificationFilterKey,
  type TPage,
} from '@giot-hong/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import {
  filterQuery,
  NOTIFICATION_CACHE,
  NOTIFICATION_PAGE_SIZE,
  notificationKeys,
} from './notification-keys';

/** The address of one page of a tab (the server names the first one too: app/first-requests-of.ts). */
export const notificationsUrl = (filter: TNotificationFilterKey, page: number, size: number) =>
  withQuery(API.notifications, filterQuery(filter, page, size));

/** One page (from 0) of the donor's notifications for a tab, newest first. */
export async function getNotifications(
  filter: TNotificationFilterKey,
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<TPage<TNotification>> {
  const body = await api.get<TEnvelope<TPage<TNotification>>>(notificationsUrl(filter, page, size), {
    signal,
  });
  if (!body.success || !Array.isArray(body.data?.data)) {
    // The list call fails with this message when the server says no.
    throw new Error('Failed to fetch notifications');
  }
  return body.data;
}

/** The panel: the first page of a tab (page 0, size 10). */
export const notificationsQueryOptions = (filter: TNotificationFilterKey) =>
  queryOptions({
    queryKey: notificationKeys.list(filter, NOTIFICATION_PAGE_SIZE),
    queryFn: ({ signal }) => getNotifications(filter, 0, NOTIFICATION_PAGE_SIZE, signal),
    ...NOTIFICATION_CACHE,
    // The panel opens afresh each time: show what is cached, refresh if stale.
    refetchOnMount: true,
  });

export const useNotifications = (filter: TNotificationFilterKey) =>
  useQuery(notificationsQueryOptions(filter));

/** The page: pages of 10 added by 'Tải thêm'. */
export const notificationPagesQueryOptions = (filter: TNotificationFilterKey) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.pages(filter),
    queryFn: ({ pageParam, signal }) => getNotifications(filter, pageParam, NOTIFICATION_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.currentPage + 1 < last.totalPages ? last.currentPage + 1 : undefined),
    ...NOTIFICATION_CACHE,
    refetchOnMount: true,
  });

export const useNotificationPages = (filter: TNotificationFilterKey) =>
  useInfiniteQuery(notificationPagesQueryOptions(filter));
