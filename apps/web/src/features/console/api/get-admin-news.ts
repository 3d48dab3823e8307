import { ADMIN_NEWS_API, type TAdminNews, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/news/{id}: one item with its content, for the editor. */
export const getAdminNews = async (id: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminNews>>(ADMIN_NEWS_API.newsItem(id), { signal })).data;

/**
 * `null` is a new item (nothing to ask). Never stale: the editor must not be refilled under the
 * staff member's hands; the mutations write their answers into this cache instead.
 */
export const useAdminNews = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.newsItem(id ?? 0),
    queryFn: ({ signal }) => getAdminNews(id!, signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
