import {
  ADMIN_APPEAL_API,
  type TAppealAudienceRequest,
  type TAppealPreview,
  type TEnvelope,
} from '@giot-hong/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/appeals/preview-count: whom a draft appeal would reach now, and how they were chosen. */
export const countAppealAudience = async (audience: TAppealAudienceRequest, signal?: AbortSignal) =>
  (
    await api.post<TEnvelope<TAppealPreview>>(ADMIN_APPEAL_API.previewCount, audience, {
      signal,
    })
  ).data;

/**
 * `null` while groups, urgency or campaign are missing. The caller debounces the audience; the last
 * count stays on screen while the next is asked. A refusal is not retried (it would fail again).
 */
export const useAppealAudience = (audience: TAppealAudienceRequest | null) =>
  useQuery({
    queryKey: adminKeys.appealAudience(audience),
    queryFn: ({ signal }) => countAppealAudience(audience!, signal),
    enabled: audience !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
