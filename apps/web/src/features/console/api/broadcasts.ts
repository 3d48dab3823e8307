import {
  ADMIN_CONTENT_API,
  type TBroadcast,
  type TBroadcastAudience,
  type TBroadcastRequest,
  type TEnvelope,
} from '@giot-hong/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/* Broadcasts: audience size, sending (idempotent by the form's key) and progress. */

const listKey = [...adminKeys.all, 'broadcasts'] as const;

export const getBroadcasts = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TBroadcast[]>>(ADMIN_CONTENT_API.broadcasts, { signal })).data;
/** Polled while a broadcast is being sent, so the page shows its progress. */
export const useBroadcasts = () =>
  useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => getBroadcasts(signal),
    refetchInterval: (q) => (q.state.data?.some((b) => b.status !== 'DONE') ? 1_000 : false),
  });

export const countAudience = async (audience: TBroadcastAudience, signal?: AbortSignal) =>
  (
    await api.post<TEnvelope<{ count: number }>>(ADMIN_CONTENT_API.broadcastPreviewCount, audience, {
      signal,
    })
  ).data.count;
export const useAudienceCount = (audience: TBroadcastAudience | null) =>
  useQuery({
    queryKey: [...adminKeys.all, 'audience', audience],
    queryFn: ({ signal }) => countAudience(audience!, signal),
    enabled: audience !== null,
    retry: false,
  });

export const sendBroadcast = (body: TBroadcastRequest) =>
  api.post<TEnvelope<TBroadcast>>(ADMIN_CONTENT_API.broadcasts, body);
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
