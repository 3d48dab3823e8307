import { ADMIN_IDENTITY_API, type TEnvelope, type TIdentityReview } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/identity-reviews/{extractId}: one review with the donor's typed details. */
export const getIdentityReview = async (extractId: string, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TIdentityReview>>(ADMIN_IDENTITY_API.review(extractId), { signal })).data;

/** An audited view: asked once, never refetched on focus. */
export const useIdentityReview = (extractId: string) =>
  useQuery({
    queryKey: adminKeys.identityReview(extractId),
    queryFn: ({ signal }) => getIdentityReview(extractId, signal),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
