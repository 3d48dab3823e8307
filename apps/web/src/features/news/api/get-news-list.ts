import {
  API,
  PAGING,
  type TNewsListQuery,
  type TNews,
  type TEnvelope,
  type TPage,
} from '@giot-hong/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NEWS_CACHE, newsKeys } from './news-keys';

/** One page (from 0) of published news, newest first, optionally filtered by a search text. */
export async function getNewsList(search: string, page: number, signal?: AbortSignal): Promise<TPage<TNews>> {
  const query: Partial<TNewsListQuery> = {
    offset: page,
    limit: PAGING.newsPageSize,
    sortBy: 'createdAt',
    sortDir: 'desc',
  };
  if (search) query.search = search;
  const body = await api.get<TEnvelope<TPage<TNews>>>(API.news, { query, signal, auth: false });
  return body.data;
}

export const newsListQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: newsKeys.list(search, page),
    queryFn: ({ signal }) => getNewsList(search, page, signal),
    ...NEWS_CACHE,
    // Paging and typing keep the current cards on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const useNewsList = (search: string, page: number) => useQuery(newsListQueryOptions(search, page));
