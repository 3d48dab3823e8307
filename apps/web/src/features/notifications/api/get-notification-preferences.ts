import {
  NOTIFICATION_PREFERENCES_API,
  type TEnvelope,
  type TNotificationPreferences,
} from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** GET /api/notifications/preferences: each kind of optional message, by channel, on or off. */
export const getNotificationPreferences = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TNotificationPreferences>>(NOTIFICATION_PREFERENCES_API.mine, { signal })).data;

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());
