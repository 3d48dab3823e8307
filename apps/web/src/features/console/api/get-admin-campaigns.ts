import {
  CACHE,
  type TEnvelope,
  ADMIN_CAMPAIGN_API,
  type TAdminCampaignFilter,
  type TAdminCampaignList,
} from '@giot-hong/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { adminKeys } from './admin-keys';

export type TCampaignFilter = TAdminCampaignFilter;

/** The address of the campaigns of one filter and search (the server names it too: app/first-requests-of.ts). */
export const adminCampaignsUrl = (params: { filter: TCampaignFilter; search: string }) =>
  withQuery(ADMIN_CAMPAIGN_API.campaigns, { filter: params.filter, search: params.search || undefined });

/** GET /api/admin/campaigns: the campaigns of one filter (and search), with the count of each filter. */
export async function getAdminCampaigns(
  params: { filter: TCampaignFilter; search: string },
  signal?: AbortSignal,
): Promise<TAdminCampaignList> {
  const body = await api.get<TEnvelope<TAdminCampaignList>>(adminCampaignsUrl(params), { signal });
  return body.data;
}

export const adminCampaignsQueryOptions = (params: { filter: TCampaignFilter; search: string }) =>
  queryOptions({
    queryKey: adminKeys.campaigns(params.filter, params.search),
    queryFn: ({ signal }) => getAdminCampaigns(params, signal),
    // Asked again on each visit of the list, but not by the page right after the prefetch; a change
    // made in the console invalidates it at once (adminKeys.all).
    staleTime: CACHE.justFetchedMs,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

export const useAdminCampaigns = (params: { filter: TCampaignFilter; search: string }) =>
  useQuery(adminCampaignsQueryOptions(params));
