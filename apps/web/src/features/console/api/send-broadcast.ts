import {
  ADMIN_BROADCAST_API,
  type TBroadcast,
  type TBroadcastRequest,
  type TEnvelope,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/broadcasts. The request carries the form's idempotency key, so a double click
 * or a retry after a lost answer sends the broadcast once.
 */
export const sendBroadcast = (body: TBroadcastRequest) =>
  api.post<TEnvelope<TBroadcast>>(ADMIN_BROADCAST_API.broadcasts, body);

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.broadcasts() }),
  });
}
