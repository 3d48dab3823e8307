import { ADMIN_DAY_DESK_API, type TAdminCheckInResult, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyDayRow, refreshConsole } from './day-row-cache';

/** POST /api/admin/appointments/{id}/check-in: from the day's list (when the donor has no code). */
export const checkInById = async (id: number) =>
  (await api.post<TEnvelope<TAdminCheckInResult>>(ADMIN_DAY_DESK_API.appointmentCheckIn(id))).data;

/** The answer is the donor's row: written into the day's lists (day-row-cache.ts); a refusal refreshes them. */
export function useCheckInById() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInById,
    onSuccess: ({ alreadyCheckedIn: _, ...row }) => applyDayRow(queryClient, row),
    onError: () => refreshConsole(queryClient),
  });
}
