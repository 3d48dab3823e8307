import {
  type TEnvelope,
  ADMIN_DAY_DESK_API,
  type TAdminAppointment,
  type TAdminAppointmentStatusFilter,
} from '@giot-hong/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, LIVE_REFETCH_MS } from './admin-keys';

/** GET /api/admin/campaigns/{id}/appointments?status=&search=: the day's list. */
export async function getCampaignAppointments(
  campaignId: number,
  params: { status: TAdminAppointmentStatusFilter; search: string },
  signal?: AbortSignal,
): Promise<TAdminAppointment[]> {
  const body = await api.get<TEnvelope<TAdminAppointment[]>>(
    ADMIN_DAY_DESK_API.campaignAppointments(campaignId),
    {
      query: {
        status: params.status === 'ALL' ? undefined : params.status,
        search: params.search || undefined,
      },
      signal,
    },
  );
  return body.data;
}

export const campaignAppointmentsQueryOptions = (
  campaignId: number,
  params: { status: TAdminAppointmentStatusFilter; search: string },
) =>
  queryOptions({
    queryKey: adminKeys.appointments(campaignId, params.status, params.search),
    queryFn: ({ signal }) => getCampaignAppointments(campaignId, params, signal),
    staleTime: 0,
    refetchOnMount: true,
    refetchInterval: LIVE_REFETCH_MS,
    placeholderData: keepPreviousData,
  });

export const useCampaignAppointments = (
  campaignId: number,
  params: { status: TAdminAppointmentStatusFilter; search: string },
) => useQuery(campaignAppointmentsQueryOptions(campaignId, params));
