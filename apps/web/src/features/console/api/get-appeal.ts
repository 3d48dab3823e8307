import { ADMIN_APPEAL_API, type TAdminAppeal, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryOnceUnlessNotFound } from '../../../lib/api-errors';
import { appealPollMs } from '../lib/appeal-form';
import { adminKeys } from './admin-keys';

/** GET /api/admin/appeals/{id}: one appeal with its delivery progress and live counts. */
export const getAppeal = async (id: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminAppeal>>(ADMIN_APPEAL_API.appeal(id), { signal })).data;

/** Polled while the appeal is being sent (every second) or open (the answers come in). */
export const useAppeal = (id: number) =>
  useQuery({
    queryKey: adminKeys.appeal(id),
    queryFn: ({ signal }) => getAppeal(id, signal),
    retry: retryOnceUnlessNotFound,
    refetchInterval: (q) => (q.state.data ? appealPollMs(q.state.data) : false),
  });
