import {
  type TEnvelope,
  ADMIN_API,
  type TAdminCheckInResult,
  type TAdminCheckInRequest,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/appointments/{id}/check-in: from the list (search is the fallback to a code). */
export const checkInById = async (id: number) =>
  (await api.post<TEnvelope<TAdminCheckInResult>>(ADMIN_API.appointmentCheckIn(id))).data;

/**
 * POST /api/admin/check-in {code, campaignId}: the donor's QR code, scanned or typed; another
 * campaign's code is refused; a code checked in before answers with that time (`alreadyCheckedIn`).
 */
export const checkInByCode = async (body: TAdminCheckInRequest) =>
  (await api.post<TEnvelope<TAdminCheckInResult>>(ADMIN_API.checkIn, body)).data;

function useRefreshingMutation<T>(fn: (v: T) => Promise<TAdminCheckInResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useCheckInById = () => useRefreshingMutation(checkInById);
export const useCheckInByCode = () => useRefreshingMutation(checkInByCode);
