import { ADMIN_DAY_DESK_API, type TAdminCheckInResult, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/appointments/{id}/check-in: from the day's list (when the donor has no code). */
export const checkInById = async (id: number) =>
  (await api.post<TEnvelope<TAdminCheckInResult>>(ADMIN_DAY_DESK_API.appointmentCheckIn(id))).data;

/** Success or not, the day's counters and list are asked again (another desk may have acted). */
export function useCheckInById() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInById,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
