import { ADMIN_NEWS_API, type TAdminNews, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** A row of the staff news list: the item without its (long) content. */
export type TAdminNewsSummary = Omit<TAdminNews, 'content'>;

/** GET /api/admin/news?search: drafts and published items alike. */
export const getAdminNewsList = async (search: string, signal?: AbortSignal) =>
  (
    await api.get<TEnvelope<TAdminNewsSummary[]>>(ADMIN_NEWS_API.news, {
      query: { search: search || undefined },
      signal,
    })
  ).data;

export const adminNewsListQueryOptions = (search: string) =>
  queryOptions({
    queryKey: adminKeys.newsList(search),
    queryFn: ({ signal }) => getAdminNewsList(search, signal),
  });

export const useAdminNewsList = (search: string) => useQuery(adminNewsListQueryOptions(search));
