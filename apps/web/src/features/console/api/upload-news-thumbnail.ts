import { ADMIN_NEWS_API, type TAdminNews, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';
import { useNewsMutation } from './use-news-mutation';

/** POST /api/admin/news/{id}/thumbnail (multipart): the server answers with the updated item. */
export function uploadNewsThumbnail(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<TEnvelope<TAdminNews>>(ADMIN_NEWS_API.newsThumbnail(id), form);
}

export const useUploadNewsThumbnail = (id: number) =>
  useNewsMutation((file: File) => uploadNewsThumbnail(id, file));
