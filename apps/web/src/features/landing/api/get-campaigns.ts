import { API, type TCampaign, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The open campaigns for the landing slider. Resolves to `null` when the body's `data` is not a
 * list (a malformed answer, shown differently from a failed request).
 * No token is sent: the list is public, and an expired token must not cost a refresh here.
 */
export async function getCampaigns(signal?: AbortSignal): Promise<TCampaign[] | null> {
  const body = await api.get<Partial<TEnvelope<unknown>> | undefined>(API.campaigns, { signal, auth: false });
  return Array.isArray(body?.data) ? (body.data as TCampaign[]) : null;
}

export const campaignsQueryOptions = () =>
  queryOptions({
    queryKey: ['campaigns', 'open'] as const,
    queryFn: ({ signal }) => getCampaigns(signal),
  });

/** Loaded once per visit: the general cache (24 h stale, no refetch on mount or focus) applies. */
export function useCampaigns() {
  return useQuery(campaignsQueryOptions());
}
