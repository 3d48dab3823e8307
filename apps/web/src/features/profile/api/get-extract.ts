import { API, type TEnvelope, type TIdCardExtract } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getExtract(extractId: string, signal?: AbortSignal): Promise<TIdCardExtract> {
  const body = await api.get<TEnvelope<TIdCardExtract>>(API.extractById(extractId), { signal });
  return body.data;
}

export const extractQueryOptions = (extractId: string) =>
  queryOptions({
    queryKey: ['id-card', 'extract', extractId] as const,
    queryFn: ({ signal }) => getExtract(extractId, signal),
    staleTime: 0,
    refetchOnMount: true,
  });

export function useExtract(extractId: string | null) {
  return useQuery({ ...extractQueryOptions(extractId ?? ''), enabled: Boolean(extractId) });
}
