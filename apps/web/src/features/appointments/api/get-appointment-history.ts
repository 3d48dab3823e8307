import { CACHE, API, type TAppointment, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** The server answered, but not with a list (shown as 'Đã xảy ra lỗi khi tải dữ liệu'). */
export class InvalidHistoryError extends Error {}

/** GET /api/appointments/history: `data` is the array, newest campaign first. */
export async function getAppointmentHistory(signal?: AbortSignal): Promise<TAppointment[]> {
  const body = await api.get<TEnvelope<unknown>>(API.appointmentsHistory, { signal });
  if (!Array.isArray(body?.data)) throw new InvalidHistoryError('history is not a list');
  return body.data as TAppointment[];
}

export const appointmentHistoryQueryOptions = () =>
  queryOptions({
    queryKey: appointmentKeys.history(),
    queryFn: ({ signal }) => getAppointmentHistory(signal),
    // Asked again when the tab is opened again, once the page's first answer is a few seconds old;
    // a booking, a cancellation or a change made in the app invalidates it at once (appointmentKeys.all).
    staleTime: CACHE.justFetchedMs,
    refetchOnMount: true,
    // Asked even offline: the service worker answers with the copy kept for this account (ADR 34).
    networkMode: 'offlineFirst',
  });

export function useAppointmentHistory() {
  return useQuery(appointmentHistoryQueryOptions());
}
