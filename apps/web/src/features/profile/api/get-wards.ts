import { API, type TAdminUnit, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Communes, wards and special zones of one province. */
export async function getWards(provinceCode: string, signal?: AbortSignal): Promise<TAdminUnit[]> {
  const body = await api.get<TEnvelope<TAdminUnit[]>>(API.wardsOfProvince(provinceCode), {
    signal,
    auth: false,
  });
  return body.data;
}

export const wardsQueryOptions = (provinceCode: string) =>
  queryOptions({
    queryKey: ['reference', 'wards', provinceCode] as const,
    queryFn: ({ signal }) => getWards(provinceCode, signal),
  });

export function useWards(provinceCode: string | null) {
  return useQuery({ ...wardsQueryOptions(provinceCode ?? ''), enabled: Boolean(provinceCode) });
}
