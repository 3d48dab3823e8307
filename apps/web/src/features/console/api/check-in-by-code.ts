import {
  ADMIN_DAY_DESK_API,
  type TAdminCheckInRequest,
  type TAdminCheckInResult,
  type TEnvelope,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/check-in {code, campaignId}: the donor's QR code, scanned or typed; another
 * campaign's code is refused; a code checked in before answers with that time (`alreadyCheckedIn`).
 */
export const checkInByCode = async (body: TAdminCheckInRequest) =>
  (await api.post<TEnvelope<TAdminCheckInResult>>(ADMIN_DAY_DESK_API.checkIn, body)).data;

/** Success or not, the day's counters and list are asked again (another desk may have acted). */
export function useCheckInByCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInByCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
