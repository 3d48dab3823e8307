import { ADMIN_BROADCAST_API, type TBroadcast, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/broadcasts: the broadcasts sent, newest first, with their progress. */
export const getBroadcasts = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TBroadcast[]>>(ADMIN_BROADCAST_API.broadcasts, { signal })).data;

/** Polled every second while a broadcast is still being sent, so the page shows its progress. */
export const useBroadcasts = () =>
  useQuery({
    queryKey: adminKeys.broadcasts(),
    queryFn: ({ signal }) => getBroadcasts(signal),
    refetchInterval: (q) => (q.state.data?.some((b) => b.status !== 'DONE') ? 1_000 : false),
  });
