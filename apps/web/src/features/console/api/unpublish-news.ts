import { ADMIN_NEWS_API, type TAdminNews, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useNewsMutation } from './use-news-mutation';

/** POST /api/admin/news/{id}/unpublish: the item leaves the donors' pages (its date is kept). */
export const unpublishNews = (id: number) =>
  api.post<TEnvelope<TAdminNews>>(ADMIN_NEWS_API.newsUnpublish(id));

export const useUnpublishNews = () => useNewsMutation(unpublishNews);
