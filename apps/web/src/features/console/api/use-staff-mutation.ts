import type { TAdminStaffMember, TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/** A change to one staff account: only the staff list depends on it, so only it refreshes. */
export function useStaffMutation<V>(fn: (v: V) => Promise<TEnvelope<TAdminStaffMember>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
