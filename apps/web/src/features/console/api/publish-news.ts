import {
  ADMIN_NEWS_API,
  type TAdminNews,
  type TAdminNewsPublishRequest,
  type TEnvelope,
} from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useNewsMutation } from './use-news-mutation';

/**
 * POST /api/admin/news/{id}/publish with the editor's content: the server saves it and publishes
 * it in one step, so what goes public is what the staff member sees (ADR 24).
 */
export const publishNews = ({ id, body }: { id: number; body: TAdminNewsPublishRequest }) =>
  api.post<TEnvelope<TAdminNews>>(ADMIN_NEWS_API.newsPublish(id), body);

export const usePublishNews = () => useNewsMutation(publishNews);
