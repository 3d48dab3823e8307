import { API, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** PUT /api/notifications/user/read-all: `data` is how many were marked. */
export async function markAllNotificationsRead(): Promise<number> {
  const body = await api.put<TEnvelope<number>>(API.notificationsReadAll);
  return body.data;
}

/** Marks everything read, then refreshes lists and count; a failure is only logged. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onError: (err) => console.error('Mark all notifications read failed', err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
