import { ADMIN_NEWS_API, type TAdminNews, type TAdminNewsRequest, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useNewsMutation } from './use-news-mutation';

/** POST /api/admin/news (a new draft, `id` null) or PUT /api/admin/news/{id}. */
export const saveNews = ({ id, body }: { id: number | null; body: TAdminNewsRequest }) =>
  id === null
    ? api.post<TEnvelope<TAdminNews>>(ADMIN_NEWS_API.news, body)
    : api.put<TEnvelope<TAdminNews>>(ADMIN_NEWS_API.newsItem(id), body);

export const useSaveNews = () => useNewsMutation(saveNews);
