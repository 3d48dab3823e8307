import {
  ADMIN_IDENTITY_API,
  type TAdminDonor,
  type TAdminDonorListItem,
  type TAuditEntry,
  type TAuditQuery,
  type TEnvelope,
  type TExternalDonationRequest,
  type TIdentityApproveRequest,
  type TIdentityReview,
  type TIdentityReviewItem,
  type TPage,
} from '@giot-hong/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/*
 * Staff console II: the identity review queue and page, donor records and the audit trail.
 * Everything lives under ['admin'], so a change refreshes the console's lists together.
 */

const keys = {
  reviews: () => [...adminKeys.all, 'identity-reviews'] as const,
  review: (id: string) => [...adminKeys.all, 'identity-review', id] as const,
  donors: (search: string, page: number) => [...adminKeys.all, 'donors', search, page] as const,
  donor: (id: number) => [...adminKeys.all, 'donor', id] as const,
  audit: (q: TAuditQuery) => [...adminKeys.all, 'audit', q] as const,
};

/** The queue, oldest first: its page, and the next card to open after a decision. */
export const identityReviewsQueryOptions = () =>
  queryOptions({
    queryKey: keys.reviews(),
    queryFn: async ({ signal }) =>
      (await api.get<TEnvelope<TIdentityReviewItem[]>>(ADMIN_IDENTITY_API.reviews, { signal })).data,
    staleTime: 0,
    refetchOnMount: true,
  });
export const useIdentityReviews = () => useQuery(identityReviewsQueryOptions());

/** One review (an audited view: asked once, not refetched on focus). */
export const useIdentityReview = (extractId: string) =>
  useQuery({
    queryKey: keys.review(extractId),
    queryFn: async ({ signal }) =>
      (await api.get<TEnvelope<TIdentityReview>>(ADMIN_IDENTITY_API.review(extractId), { signal })).data,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

/** A photo of the card as an object URL (the request carries the staff's token; nothing is cached). */
export const useIdentityPhoto = (extractId: string, side: 'front' | 'back', enabled: boolean) =>
  useQuery({
    queryKey: [...keys.review(extractId), 'photo', side],
    queryFn: async () => {
      const blob = await api.getBlob(ADMIN_IDENTITY_API.reviewImage(extractId, side));
      return blob ? URL.createObjectURL(blob) : null;
    },
    enabled,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });

/**
 * A change refreshes the console's lists in the background, so the caller's navigation never
 * waits for them. The card photos are never asked again (they do not change, and each view is
 * audited); a decided review is dropped rather than read again, since the staff member leaves it.
 */
function useAdminMutation<V extends { id: string | number }, R>(
  fn: (v: V) => Promise<R>,
  { decides = false }: { decides?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, { id }) => {
      if (decides) queryClient.removeQueries({ queryKey: keys.review(String(id)) });
    },
    onSettled: (_data, error, { id }) => {
      const decided = decides && !error;
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: ({ queryKey }) =>
          queryKey[3] !== 'photo' &&
          !(decided && queryKey[1] === 'identity-review' && queryKey[2] === String(id)),
      });
    },
  });
}

type Done = TEnvelope<{ extractId: string; status: string }>;
export const useApproveIdentity = () =>
  useAdminMutation(
    ({ id, body }: { id: string; body: TIdentityApproveRequest }) =>
      api.post<Done>(ADMIN_IDENTITY_API.approve(id), body),
    { decides: true },
  );
export const useRejectIdentity = () =>
  useAdminMutation(
    ({ id, reason }: { id: string; reason: string }) =>
      api.post<Done>(ADMIN_IDENTITY_API.reject(id), { reason }),
    { decides: true },
  );
export const useRevokeOther = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<Done>(ADMIN_IDENTITY_API.revokeOther(id), { reason }),
  );

export const useAdminDonors = (search: string, page: number) =>
  useQuery({
    queryKey: keys.donors(search, page),
    queryFn: async ({ signal }) =>
      (
        await api.get<TEnvelope<TPage<TAdminDonorListItem>>>(ADMIN_IDENTITY_API.donors, {
          query: { search: search || undefined, page },
          signal,
        })
      ).data,
    enabled: search.length === 0 || search.length >= 2,
    staleTime: 0,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

/** The donor page (an audited view: asked once, not refetched on focus). */
export const useAdminDonor = (id: number) =>
  useQuery({
    queryKey: keys.donor(id),
    queryFn: async ({ signal }) =>
      (await api.get<TEnvelope<TAdminDonor>>(ADMIN_IDENTITY_API.donor(id), { signal })).data,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export const useSetLabBloodGroup = () =>
  useAdminMutation(({ id, bloodGroup }: { id: number; bloodGroup: string }) =>
    api.put<TEnvelope<TAdminDonor>>(ADMIN_IDENTITY_API.donorLabBloodGroup(id), { bloodGroup }),
  );
export const useAddExternalDonation = () =>
  useAdminMutation(({ id, body }: { id: number; body: TExternalDonationRequest }) =>
    api.post<TEnvelope<TAdminDonor>>(ADMIN_IDENTITY_API.donorExternalDonations(id), body),
  );

const auditQuery = (q: TAuditQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined)) as Record<
    string,
    string | number
  >;

export const useAuditLog = (q: TAuditQuery) =>
  useQuery({
    queryKey: keys.audit(q),
    queryFn: async ({ signal }) =>
      (
        await api.get<TEnvelope<TPage<TAuditEntry>>>(ADMIN_IDENTITY_API.audit, {
          query: auditQuery(q),
          signal,
        })
      ).data,
    staleTime: 0,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

/** The audit trail's export with the page's filters (not its page number): CSV or .xlsx. */
export function auditExportPath(q: TAuditQuery, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams(
    Object.entries(auditQuery({ ...q, page: undefined })).map(([k, v]) => [k, String(v)]),
  ).toString();
  const path = format === 'csv' ? ADMIN_IDENTITY_API.auditCsv : ADMIN_IDENTITY_API.auditXlsx;
  return `${path}${query ? `?${query}` : ''}`;
}
