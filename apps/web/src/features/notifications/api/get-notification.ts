import { API, type TEnvelope, type TNotification } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_CACHE, notificationKeys } from './notification-keys';
import { retryOnceUnlessNotFound } from '../../../lib/api-errors';

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
    retry: retryOnceUnlessNotFound,
  });

export const useNotification = (id: number) =>
  useQuery({ ...notificationQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
