import {
  ADMIN_DONOR_API,
  CACHE,
  type TAdminDonorListItem,
  type TEnvelope,
  type TPage,
} from '@giot-hong/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { adminKeys } from './admin-keys';

/** The address of one page of the donor search (the server names it too: app/first-requests-of.ts). */
export const adminDonorsUrl = (search: string, page: number) =>
  withQuery(ADMIN_DONOR_API.donors, { search: search || undefined, page });

/** GET /api/admin/donors?search&page: one page of the donor search. */
export const getAdminDonors = async (search: string, page: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TPage<TAdminDonorListItem>>>(adminDonorsUrl(search, page), { signal })).data;

export const adminDonorsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.donors(search, page),
    queryFn: ({ signal }) => getAdminDonors(search, page, signal),
    // Asked again on each visit of the search, but not by the page right after the prefetch; a
    // change made in the console invalidates it at once (adminKeys.all).
    staleTime: CACHE.justFetchedMs,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

/** A one-letter search is not sent (the server needs two); the last page stays while typing. */
export const useAdminDonors = (search: string, page: number) =>
  useQuery({ ...adminDonorsQueryOptions(search, page), enabled: search.length === 0 || search.length >= 2 });
