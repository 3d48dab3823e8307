import { CACHE, API, type TEnvelope, type TNextEligible } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** GET /api/appointments/next-eligible: when the donor may give whole blood again. */
export async function getNextEligible(signal?: AbortSignal): Promise<TNextEligible> {
  const body = await api.get<TEnvelope<TNextEligible>>(API.appointmentsNextEligible, { signal });
  return body.data;
}

export const nextEligibleQueryOptions = () =>
  queryOptions({
    queryKey: appointmentKeys.nextEligible(),
    queryFn: ({ signal }) => getNextEligible(signal),
    // As the history: fresh for the page's first view, invalidated by the app's own changes.
    staleTime: CACHE.justFetchedMs,
    refetchOnMount: true,
  });

export function useNextEligible() {
  return useQuery(nextEligibleQueryOptions());
}
