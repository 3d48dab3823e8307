import { API, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/auth-store';
import { NOTIFICATION_CACHE, notificationKeys } from './notification-keys';

/** The count in the answer's `data` (the server may also read it for the page: app/first-requests-of.ts). */
export function unreadCountOf(data: unknown): number {
  const n = Number(data);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** GET /api/notifications/user/unread: `data` is the count. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const body = await api.get<TEnvelope<unknown>>(API.notificationsUnread, { signal });
  return unreadCountOf(body.data);
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    ...NOTIFICATION_CACHE,
  });

/** The bell's count: fetched only while logged in. */
export function useUnreadCount() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...unreadCountQueryOptions(), enabled: isLoggedIn });
}

/** Fetches the count now (whatever its age) and returns it; 0 on any failure. */
export async function fetchFreshUnreadCount(queryClient: QueryClient): Promise<number> {
  try {
    return await queryClient.fetchQuery({ ...unreadCountQueryOptions(), staleTime: 0 });
  } catch {
    return 0;
  }
}
