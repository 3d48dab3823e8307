import { API, type TAdminUnit, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getProvinces(signal?: AbortSignal): Promise<TAdminUnit[]> {
  const body = await api.get<TEnvelope<TAdminUnit[]>>(API.provinces, { signal, auth: false });
  return body.data;
}

export const provincesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'provinces'] as const,
    queryFn: ({ signal }) => getProvinces(signal),
  });

export function useProvinces(enabled = true) {
  return useQuery({ ...provincesQueryOptions(), enabled });
}
