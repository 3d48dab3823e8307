import { API, type TEnvelope, type TFullUserInfo } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getFullUserInfo(signal?: AbortSignal): Promise<TFullUserInfo> {
  const body = await api.get<TEnvelope<TFullUserInfo>>(API.userFullInfo, { signal });
  return body.data;
}

export const fullUserInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'full-info'] as const,
    queryFn: ({ signal }) => getFullUserInfo(signal),
    staleTime: 60_000,
    refetchOnMount: true,
  });

export function useFullUserInfo() {
  return useQuery(fullUserInfoQueryOptions());
}
