import { ADMIN_IDENTITY_API, type TEnvelope, type TIdentityReviewItem } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/identity-reviews: the queue, oldest first. */
export const getIdentityReviews = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TIdentityReviewItem[]>>(ADMIN_IDENTITY_API.reviews, { signal })).data;

/** The queue's page, and the next card to open after a decision: always asked afresh. */
export const identityReviewsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.identityReviews(),
    queryFn: ({ signal }) => getIdentityReviews(signal),
    staleTime: 0,
    refetchOnMount: true,
  });

export const useIdentityReviews = () => useQuery(identityReviewsQueryOptions());
