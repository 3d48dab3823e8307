import { ADMIN_APPEAL_API, type TAdminAppeal, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/appeals/{id}/end: staff end an appeal before its end time or target. */
export const endAppeal = (id: number) => api.post<TEnvelope<TAdminAppeal>>(ADMIN_APPEAL_API.end(id), {});

export function useEndAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAppeal,
    // The list and the appeal's page (both under adminKeys.appeals()).
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.appeals() }),
  });
}
