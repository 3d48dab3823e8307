import { QUESTION_SET_API, type TAdminQuestionSetDetail, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/question-sets/{id}: one version with its sections and questions. */
export const getQuestionSet = async (id: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminQuestionSetDetail>>(QUESTION_SET_API.one(id), { signal })).data;

/** `undefined` is a new questionnaire (nothing to ask). */
export const useQuestionSet = (id: number | undefined) =>
  useQuery({
    queryKey: adminKeys.questionSet(id ?? 0),
    enabled: id !== undefined,
    queryFn: ({ signal }) => getQuestionSet(id!, signal),
  });
