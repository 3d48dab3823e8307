import { ADMIN_TASKS_API, type TEnvelope, type TStaffPermission } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** PUT /api/admin/staff/{id}/permissions (ADMIN): the member's whole set of permissions. */
export const setStaffPermissions = (v: { id: number; permissions: TStaffPermission[] }) =>
  api.put<TEnvelope<{ permissions: TStaffPermission[] }>>(ADMIN_TASKS_API.staffPermissions(v.id), {
    permissions: v.permissions,
  });

export function useSetStaffPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffPermissions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
