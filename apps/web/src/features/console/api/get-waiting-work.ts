import { ADMIN_WAITING_WORK_API, CACHE, type TAdminWaitingWork, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** How often the navigation's counts are asked again while the console is open. */
const WAITING_WORK_REFETCH_MS = 60_000;

/** GET /api/admin/waiting-work: ID cards waiting for review and new inbox messages. */
export async function getWaitingWork(signal?: AbortSignal): Promise<TAdminWaitingWork> {
  return (await api.get<TEnvelope<TAdminWaitingWork>>(ADMIN_WAITING_WORK_API.waitingWork, { signal })).data;
}

export const waitingWorkQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.waitingWork(),
    queryFn: ({ signal }) => getWaitingWork(signal),
    // Under ['admin']: a review decided or a message handled refreshes the counts at once. Fresh a
    // moment, so that the route's prefetch does not ask again when the frame has asked first.
    staleTime: CACHE.justFetchedMs,
    refetchInterval: WAITING_WORK_REFETCH_MS,
  });

export const useWaitingWork = () => useQuery(waitingWorkQueryOptions());
