import { API, type TEnvelope, type TNotification } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** PUT …/{id}/toggle?status=true|false: true marks read, false unread. */
export async function toggleNotification(id: number, status: boolean): Promise<TNotification> {
  const body = await api.put<TEnvelope<TNotification>>(API.notificationToggle(id), undefined, {
    query: { status },
  });
  return body.data;
}

/**
 * Marks one notification read or unread, then refreshes every notification query (lists, detail
 * and the unread count). A failure is only logged.
 */
export function useToggleNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) => toggleNotification(id, status),
    onSuccess: (updated) => queryClient.setQueryData(notificationKeys.detail(updated.id), updated),
    onError: (err) => console.error('Toggle notification failed', err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
