import {
  ADMIN_API_KEYS_API,
  type TApiKey,
  type TApiKeyCreateRequest,
  type TEnvelope,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** A new key as created: the key itself is in this answer only (the server keeps a hash). */
export type TCreatedApiKey = TApiKey & { key: string };

/** POST /api/admin/api-keys (ADMIN). */
export const createApiKey = (body: TApiKeyCreateRequest) =>
  api.post<TEnvelope<TCreatedApiKey>>(ADMIN_API_KEYS_API.keys, body);

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // NOTE: the answer is never put in the cache: the key must live in the dialog that shows it only.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys() }),
  });
}
