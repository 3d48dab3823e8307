import { ADMIN_TASKS_API, type TEnvelope, type TStaffPermission } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMe } from '../../auth/api/get-me';
import { canCounsel } from '../lib/task-rules';
import { adminKeys } from './admin-keys';

/** GET /api/admin/me/permissions: the signed-in staff member's own permissions (an ADMIN has all). */
export const getMyPermissions = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<{ permissions: TStaffPermission[] }>>(ADMIN_TASKS_API.myPermissions, { signal }))
    .data.permissions;

export const useMyPermissions = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.myPermissions(),
    queryFn: ({ signal }) => getMyPermissions(signal),
    enabled,
    // Changed by an ADMIN on another screen, rarely: a few minutes' delay is fine.
    staleTime: 5 * 60_000,
  });

/**
 * Whether the signed-in account may open result counselling (`undefined` while it is not known
 * yet). An ADMIN may without asking; a staff member's permissions are asked once.
 */
export function useCanCounsel(): boolean | undefined {
  const me = useMe();
  const role = me.data?.role;
  const permissions = useMyPermissions(role !== undefined && role !== 'ADMIN');
  if (!role) return undefined;
  if (role === 'ADMIN') return true;
  if (permissions.isPending) return undefined;
  return canCounsel(role, permissions.data);
}
