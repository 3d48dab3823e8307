import { API, type TEnvelope, type TNewsSummary } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NEWS_CACHE, newsKeys } from './news-keys';

/** Up to 5 other news items for the detail page's sidebar (never the current one). */
export async function getRelatedNews(id: number, signal?: AbortSignal): Promise<TNewsSummary[]> {
  const body = await api.get<TEnvelope<TNewsSummary[]>>(API.newsRelated(id), { signal, auth: false });
  return body.data;
}

export const relatedNewsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: newsKeys.related(id),
    queryFn: ({ signal }) => getRelatedNews(id, signal),
    ...NEWS_CACHE,
  });

export const useRelatedNews = (id: number, enabled: boolean) =>
  useQuery({ ...relatedNewsQueryOptions(id), enabled });
