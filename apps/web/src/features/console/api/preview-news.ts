import { ADMIN_NEWS_API, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';

/**
 * POST /api/admin/news/preview: the content as the server will store it (sanitised), so the
 * preview shows exactly what donors will see.
 */
export const previewNews = async (content: string) =>
  (await api.post<TEnvelope<{ content: string }>>(ADMIN_NEWS_API.newsPreview, { content })).data.content;
