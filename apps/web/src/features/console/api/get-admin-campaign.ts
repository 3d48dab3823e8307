import {
  CACHE,
  type TEnvelope,
  ADMIN_CAMPAIGN_API,
  type TAdminCampaign,
  type TCampaign,
} from '@giot-hong/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, LIVE_REFETCH_MS } from './admin-keys';
import { retryOnceUnlessNotFound } from '../../../lib/api-errors';

/** GET /api/admin/campaigns/{id}: one campaign with its counters. */
export async function getAdminCampaign(id: number, signal?: AbortSignal): Promise<TAdminCampaign> {
  const body = await api.get<TEnvelope<TAdminCampaign>>(ADMIN_CAMPAIGN_API.campaign(id), { signal });
  return body.data;
}

export const adminCampaignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.campaign(id),
    queryFn: ({ signal }) => getAdminCampaign(id, signal),
    // As the campaigns' list: fresh for the page's first view, invalidated by the console's changes.
    staleTime: CACHE.justFetchedMs,
    refetchOnMount: true,
    retry: retryOnceUnlessNotFound,
  });

/** `live`: the day page's counters follow the other desks' work. */
export const useAdminCampaign = (id: number, { live = false } = {}) =>
  useQuery({ ...adminCampaignQueryOptions(id), refetchInterval: live ? LIVE_REFETCH_MS : false });

/** A campaign's public line: what the day page's heading shows while the campaign itself comes. */
export type CampaignLine = Pick<TCampaign, 'name' | 'location' | 'startReceiveTime' | 'endReceiveTime'>;

/**
 * The key under which the day page's frame carries the campaign's public line (the server's
 * page-data.ts writes it, for a campaign the public list shows: ADR 66). Nothing fetches it.
 */
export const campaignLineKey = (id: number) => ['campaigns', 'line', id] as const;

/** The campaign's public line the page's frame carried, if it did. */
export function useCampaignLine(id: number): CampaignLine | undefined {
  return useQueryClient().getQueryData<CampaignLine>(campaignLineKey(id));
}
