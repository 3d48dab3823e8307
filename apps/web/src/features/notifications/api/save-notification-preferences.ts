import {
  NOTIFICATION_PREFERENCES_API,
  type TEnvelope,
  type TNotificationPreferences,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** PUT /api/notifications/preferences: the whole set, as the switches show it. */
export const saveNotificationPreferences = (body: TNotificationPreferences) =>
  api.put<TEnvelope<TNotificationPreferences>>(NOTIFICATION_PREFERENCES_API.mine, body);

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    // The server's answer is what it kept: the switches show that.
    onSuccess: (r) => queryClient.setQueryData(notificationKeys.preferences(), r.data),
  });
}
