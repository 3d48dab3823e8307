import { type TEnvelope } from '@giot-hong/contract';
import { ADMIN_API, type TAdminAppointment } from './admin-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/appointments/{id}/check-in: from the list (search is the fallback to a code). */
export const checkInById = async (id: number) =>
  (await api.post<TEnvelope<TAdminAppointment>>(ADMIN_API.appointmentCheckIn(id))).data;

/** POST /api/admin/check-in {code}: the code from the donor's QR code, scanned or typed. */
export const checkInByCode = async (code: string) =>
  (await api.post<TEnvelope<TAdminAppointment>>(ADMIN_API.checkIn, { code })).data;

function useRefreshingMutation<T>(fn: (v: T) => Promise<TAdminAppointment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useCheckInById = () => useRefreshingMutation(checkInById);
export const useCheckInByCode = () => useRefreshingMutation(checkInByCode);
