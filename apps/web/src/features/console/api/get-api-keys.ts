import { ADMIN_API_KEYS_API, type TApiKey, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/api-keys (ADMIN): every key, active or not, without its secret. */
export const getApiKeys = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TApiKey[]>>(ADMIN_API_KEYS_API.keys, { signal })).data;

export const useApiKeys = () =>
  useQuery({ queryKey: adminKeys.apiKeys(), queryFn: ({ signal }) => getApiKeys(signal) });
