import {
  ADMIN_APPEAL_API,
  type TAdminAppeal,
  type TAppealRequest,
  type TEnvelope,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/appeals. The request carries the form's idempotency key, so a double click or a
 * retry after a lost answer creates (and sends) one appeal.
 */
export const createAppeal = (body: TAppealRequest) =>
  api.post<TEnvelope<TAdminAppeal>>(ADMIN_APPEAL_API.appeals, body);

export function useCreateAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.appeals() }),
  });
}
