import {
  screeningPath,
  type TAdminAppointment,
  type TEnvelope,
  type TScreeningRequest,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyDayRow, refreshConsole } from './day-row-cache';

/** PUT /api/admin/appointments/{id}/screening: the venue check (values outside a limit are recorded). */
export const saveScreening = async ({ id, body }: { id: number; body: TScreeningRequest }) =>
  (await api.put<TEnvelope<TAdminAppointment>>(screeningPath(id), body)).data;

export function useSaveScreening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScreening,
    // The day list shows the check and its findings; the donor page may too (marked stale).
    onSuccess: (row) => applyDayRow(queryClient, row),
    onError: () => refreshConsole(queryClient),
  });
}
