import { ADMIN_BROADCAST_API, type TBroadcastAudience, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/broadcasts/preview-count: how many donors an audience reaches. */
export const countAudience = async (audience: TBroadcastAudience, signal?: AbortSignal) =>
  (
    await api.post<TEnvelope<{ count: number }>>(ADMIN_BROADCAST_API.broadcastPreviewCount, audience, {
      signal,
    })
  ).data.count;

/** `null` while the audience is incomplete; a refused audience is not retried (it would fail again). */
export const useAudienceCount = (audience: TBroadcastAudience | null) =>
  useQuery({
    queryKey: adminKeys.audience(audience),
    queryFn: ({ signal }) => countAudience(audience!, signal),
    enabled: audience !== null,
    retry: false,
  });
