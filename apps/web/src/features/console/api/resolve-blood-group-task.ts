import { ADMIN_TASKS_API, type TBloodGroupTask, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/tasks/blood-groups/{id}/resolve: keep the earlier lab group, or apply the new one. */
export const resolveBloodGroupTask = (v: { id: number; resolution: 'KEPT' | 'APPLIED' }) =>
  api.post<TEnvelope<TBloodGroupTask>>(ADMIN_TASKS_API.bloodGroupResolve(v.id), {
    resolution: v.resolution,
  });

export function useResolveBloodGroupTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveBloodGroupTask,
    // Applying changes the donor's record too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
