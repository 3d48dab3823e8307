import { ADMIN_API_KEYS_API, type TApiKey, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/api-keys/{id}/revoke (ADMIN): the key stops working at once, for good. */
export const revokeApiKey = (id: number) => api.post<TEnvelope<TApiKey>>(ADMIN_API_KEYS_API.revoke(id));

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys() }),
  });
}
