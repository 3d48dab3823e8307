import { API, CACHE, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The unread-notification count (spec section 7: `data` is the count). */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const body = await api.get<TEnvelope<unknown>>(API.notificationsUnread, { signal });
  const n = Number(body.data);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread-count'] as const,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: CACHE.unreadStaleMs,
    gcTime: CACHE.unreadGcMs,
  });

/**
 * Refreshes the count after a registration (spec section 4) and returns it. Any failure — a
 * server without notifications yet answers 404 — counts as "nothing new": it must never spoil
 * the success of the registration.
 */
export async function refreshUnreadCount(queryClient: QueryClient): Promise<number> {
  try {
    // The bell's count and lists live under ['notifications'] (features/notifications shares this key).
    await queryClient.invalidateQueries({ queryKey: ['notifications'], refetchType: 'none' });
    return await queryClient.fetchQuery({ ...unreadCountQueryOptions(), staleTime: 0 });
  } catch {
    return 0;
  }
}
