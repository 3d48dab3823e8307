import {
  ADMIN_STAFF_API,
  type TAdminStaffInviteRequest,
  type TAdminStaffMember,
  type TEnvelope,
  type TStaffRole,
} from '@giot-hong/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/* Staff accounts (ADMIN): list with state and last login, invite, change role, resend an
   invitation, reset a second factor, deactivate and unlock. */

const listKey = [...adminKeys.all, 'staff'] as const;

export const getStaff = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminStaffMember[]>>(ADMIN_STAFF_API.list, { signal })).data;
export const useStaff = () => useQuery({ queryKey: listKey, queryFn: ({ signal }) => getStaff(signal) });

export const inviteStaff = (body: TAdminStaffInviteRequest) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.invite, body);
export const setStaffRole = (v: { id: number; role: TStaffRole }) =>
  api.put<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.role(v.id), { role: v.role });
export const deactivateStaff = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.deactivate(id));
export const reactivateStaff = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.reactivate(id));
export const resendInvitation = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.invitation(id));
export const resetSecondFactor = (id: number) =>
  api.post<TEnvelope<TAdminStaffMember>>(ADMIN_STAFF_API.resetSecondFactor(id));

function useStaffMutation<V>(fn: (v: V) => Promise<TEnvelope<TAdminStaffMember>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
export const useInviteStaff = () => useStaffMutation(inviteStaff);
export const useSetStaffRole = () => useStaffMutation(setStaffRole);
export const useDeactivateStaff = () => useStaffMutation(deactivateStaff);
export const useReactivateStaff = () => useStaffMutation(reactivateStaff);
export const useResendInvitation = () => useStaffMutation(resendInvitation);
export const useResetSecondFactor = () => useStaffMutation(resetSecondFactor);
