import { API, type TEnvelope, type TNotification } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { NOTIFICATION_CACHE, notificationKeys } from './notification-keys';

/** One of the donor's own notifications. */
export async function getNotification(id: number, signal?: AbortSignal): Promise<TNotification> {
  const body = await api.get<TEnvelope<TNotification>>(API.notificationById(id), { signal });
  return body.data;
}

export const notificationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) => getNotification(id, signal),
    ...NOTIFICATION_CACHE,
    refetchOnMount: true,
    // Missing (or someone else's) stays missing: do not ask again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export const useNotification = (id: number) =>
  useQuery({ ...notificationQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
