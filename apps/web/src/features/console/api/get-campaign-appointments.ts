import {
  CACHE,
  type TEnvelope,
  ADMIN_DAY_DESK_API,
  type TAdminAppointmentStatusFilter,
  type TAdminDayPage,
} from '@giot-hong/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { adminKeys, LIVE_REFETCH_MS } from './admin-keys';

/** What the day page asks for: a status filter and a search over the whole day, and a page (from 0). */
export type DayListParams = { status: TAdminAppointmentStatusFilter; search: string; page: number };

/** The day page's first view: every donor, the first page (what the app prefetches as it starts). */
export const FIRST_DAY_PAGE: DayListParams = { status: 'ALL', search: '', page: 0 };

/** The address of a page of the day's list (the server names it too: app/first-requests-of.ts). */
export const campaignAppointmentsUrl = (campaignId: number, params: DayListParams) =>
  withQuery(ADMIN_DAY_DESK_API.campaignAppointments(campaignId), {
    status: params.status === 'ALL' ? undefined : params.status,
    search: params.search || undefined,
    page: params.page || undefined,
  });

/**
 * GET /api/admin/campaigns/{id}/appointments?status=&search=&page=: a page of the day's list,
 * with how many donors match and the day's check-ins per slot.
 */
export async function getCampaignAppointments(
  campaignId: number,
  params: DayListParams,
  signal?: AbortSignal,
): Promise<TAdminDayPage> {
  const body = await api.get<TEnvelope<TAdminDayPage>>(campaignAppointmentsUrl(campaignId, params), {
    signal,
  });
  return body.data;
}

export const campaignAppointmentsQueryOptions = (campaignId: number, params: DayListParams) =>
  queryOptions({
    queryKey: adminKeys.appointments(campaignId, params.status, params.search, params.page),
    queryFn: ({ signal }) => getCampaignAppointments(campaignId, params, signal),
    // Fresh for the page's first view; a check-in or an outcome writes its row and invalidates the
    // rest (day-row-cache.ts), and the other desks' work arrives with the interval.
    staleTime: CACHE.justFetchedMs,
    refetchOnMount: true,
    refetchInterval: LIVE_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

export const useCampaignAppointments = (campaignId: number, params: DayListParams) =>
  useQuery(campaignAppointmentsQueryOptions(campaignId, params));
