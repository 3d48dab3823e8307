import { API, type TDonorDetail, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The donor detail, or null when none was saved yet (then the wizard creates it). */
export async function getDonorDetail(signal?: AbortSignal): Promise<TDonorDetail | null> {
  const body = await api.get<TEnvelope<TDonorDetail | null>>(API.userDetail, { signal });
  return body.data ?? null;
}

export const donorDetailQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'detail'] as const,
    queryFn: ({ signal }) => getDonorDetail(signal),
    staleTime: 0,
    refetchOnMount: true,
  });

export function useDonorDetail() {
  return useQuery(donorDetailQueryOptions());
}
