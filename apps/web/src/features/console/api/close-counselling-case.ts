import { ADMIN_TASKS_API, type TCounsellingCase, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, counsellingKeys } from './admin-keys';

/** POST /api/admin/tasks/counselling/{id}/close with the note of the call ('Đã liên hệ, tư vấn'). */
export const closeCounsellingCase = (v: { id: number; note: string }) =>
  api.post<TEnvelope<TCounsellingCase>>(ADMIN_TASKS_API.counsellingClose(v.id), { note: v.note });

export function useCloseCounsellingCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeCounsellingCase,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: counsellingKeys.all }),
        // The donor may register again: their record in the console changes.
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]),
  });
}
