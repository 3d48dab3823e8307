import { API, type TAppointmentView, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';
import { retryOnceUnlessNotFound } from '../../../lib/api-errors';

/** GET /api/appointments/{id}: one of the donor's own appointments (anyone else's is a 404). */
export async function getAppointment(id: number, signal?: AbortSignal): Promise<TAppointmentView> {
  const body = await api.get<TEnvelope<TAppointmentView>>(API.appointmentById(id), { signal });
  return body.data;
}

export const appointmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => getAppointment(id, signal),
    staleTime: 0,
    refetchOnMount: true,
    // Asked even offline: the service worker answers with the copy kept for this account (ADR 34).
    networkMode: 'offlineFirst',
    // A missing appointment stays missing: no retry for a 404.
    retry: retryOnceUnlessNotFound,
  });

export function useAppointment(id: number) {
  return useQuery({ ...appointmentQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
