import {
  QUESTION_SET_API,
  type TAdminQuestionSetDetail,
  type TEnvelope,
  type TQuestionSetRequest,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST (a new questionnaire, `id` undefined) or PUT /api/admin/question-sets/{id}, which saves a
 * version: the server answers with the version it stored (and says which), and the page follows
 * its id.
 */
export const saveQuestionSet = (id: number | undefined, body: TQuestionSetRequest) =>
  id === undefined
    ? api.post<TEnvelope<TAdminQuestionSetDetail>>(QUESTION_SET_API.list, body)
    : api.put<TEnvelope<TAdminQuestionSetDetail>>(QUESTION_SET_API.one(id), body);

export function useSaveQuestionSet(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuestionSetRequest) => saveQuestionSet(id, body),
    onSuccess: (res) => {
      queryClient.setQueryData(adminKeys.questionSet(res.data.id), res.data);
      // Campaign forms list the versions, and campaigns may name the old one: refresh everything.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
