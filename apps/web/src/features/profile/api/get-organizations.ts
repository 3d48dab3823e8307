import { API, type TEnvelope, type TOrganization } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The organization options; the server lists the synthetic 'Tự do' (id 0) first. */
export async function getOrganizations(signal?: AbortSignal): Promise<TOrganization[]> {
  const body = await api.get<TEnvelope<TOrganization[]>>(API.organizationsOther, { signal, auth: false });
  return Array.isArray(body.data) ? body.data : [];
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'organizations', 'other'] as const,
    queryFn: ({ signal }) => getOrganizations(signal),
  });

export function useOrganizations(enabled = true) {
  return useQuery({ ...organizationsQueryOptions(), enabled });
}
