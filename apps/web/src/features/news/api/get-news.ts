import { API, type TEnvelope, type TNews } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NEWS_CACHE, newsKeys } from './news-keys';
import { retryOnceUnlessNotFound } from '../../../lib/api-errors';

export async function getNews(id: number, signal?: AbortSignal): Promise<TNews> {
  const body = await api.get<TEnvelope<TNews>>(API.newsById(id), { signal, auth: false });
  return body.data;
}

export const newsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => getNews(id, signal),
    ...NEWS_CACHE,
    // A missing item stays missing: do not ask again.
    retry: retryOnceUnlessNotFound,
  });

export const useNews = (id: number) =>
  useQuery({ ...newsQueryOptions(id), enabled: Number.isSafeInteger(id) && id > 0 });
