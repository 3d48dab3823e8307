import {
  ADMIN_CONTENT_API,
  type TAdminNews,
  type TAdminNewsRequest,
  type TEnvelope,
} from '@giot-hong/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/*
 * Staff news (GET/POST /api/admin/news, PUT /api/admin/news/{id}, thumbnail, preview): each
 * fetcher with its query options or mutation hook. Publishing and unpublishing have files of their
 * own (publish-news.ts, unpublish-news.ts).
 */

export type TAdminNewsSummary = Omit<TAdminNews, 'content'>;
/** Query keys of staff news (under ['admin']: any console change refreshes them too). */
export const newsKeys = {
  lists: () => [...adminKeys.all, 'news'] as const,
  list: (search: string) => [...adminKeys.all, 'news', search] as const,
  item: (id: number) => [...adminKeys.all, 'news-item', id] as const,
};
const keys = newsKeys;

export const getAdminNewsList = async (search: string, signal?: AbortSignal) =>
  (
    await api.get<TEnvelope<TAdminNewsSummary[]>>(ADMIN_CONTENT_API.news, {
      query: { search: search || undefined },
      signal,
    })
  ).data;
export const useAdminNewsList = (search: string) =>
  useQuery(
    queryOptions({ queryKey: keys.list(search), queryFn: ({ signal }) => getAdminNewsList(search, signal) }),
  );

export const getAdminNews = async (id: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminNews>>(ADMIN_CONTENT_API.newsItem(id), { signal })).data;
export const useAdminNews = (id: number | null) =>
  useQuery({
    queryKey: keys.item(id ?? 0),
    queryFn: ({ signal }) => getAdminNews(id!, signal),
    enabled: id !== null,
    staleTime: Infinity,
  });

export const saveNews = ({ id, body }: { id: number | null; body: TAdminNewsRequest }) =>
  id === null
    ? api.post<TEnvelope<TAdminNews>>(ADMIN_CONTENT_API.news, body)
    : api.put<TEnvelope<TAdminNews>>(ADMIN_CONTENT_API.newsItem(id), body);

export const previewNews = async (content: string) =>
  (await api.post<TEnvelope<{ content: string }>>(ADMIN_CONTENT_API.newsPreview, { content })).data.content;

export function uploadNewsThumbnail(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<TEnvelope<TAdminNews>>(ADMIN_CONTENT_API.newsThumbnail(id), form);
}

/** A change to one item: the lists are refreshed and the item's cache takes the answer. */
export function useNewsMutation<V>(fn: (v: V) => Promise<TEnvelope<TAdminNews>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (body) => {
      queryClient.setQueryData(keys.item(body.data.id), body.data);
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}
export const useSaveNews = () => useNewsMutation(saveNews);
export const useUploadNewsThumbnail = (id: number) =>
  useNewsMutation((file: File) => uploadNewsThumbnail(id, file));
