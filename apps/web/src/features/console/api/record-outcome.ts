import {
  type TEnvelope,
  ADMIN_DAY_DESK_API,
  type TAdminAppointment,
  type TAdminOutcomeRequest,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyDayRow, refreshConsole } from './day-row-cache';

/** POST /api/admin/appointments/{id}/outcome. A 409 means someone else recorded one first. */
export const recordOutcome = async ({ id, body }: { id: number; body: TAdminOutcomeRequest }) =>
  (await api.post<TEnvelope<TAdminAppointment>>(ADMIN_DAY_DESK_API.appointmentOutcome(id), body)).data;

export function useRecordOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordOutcome,
    onSuccess: (row) => applyDayRow(queryClient, row),
    // Also after a 409: the list then shows what the other desk recorded.
    onError: () => refreshConsole(queryClient),
  });
}
