import {
  type TEnvelope,
  QUESTION_SET_API,
  type TAdminQuestionSetDetail,
  type TQuestionSetRequest,
} from '@giot-hong/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

const key = (id: number) => [...adminKeys.all, 'question-set', id] as const;

/** One version with its sections and questions. */
export const useQuestionSet = (id: number | undefined) =>
  useQuery({
    queryKey: key(id ?? 0),
    enabled: id !== undefined,
    queryFn: async ({ signal }) =>
      (await api.get<TEnvelope<TAdminQuestionSetDetail>>(QUESTION_SET_API.one(id!), { signal })).data,
  });

/** POST (new) or PUT (save a version: the server answers with the version it stored and says which). */
export function useSaveQuestionSet(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuestionSetRequest) =>
      id === undefined
        ? api.post<TEnvelope<TAdminQuestionSetDetail>>(QUESTION_SET_API.list, body)
        : api.put<TEnvelope<TAdminQuestionSetDetail>>(QUESTION_SET_API.one(id), body),
    onSuccess: (res) => {
      queryClient.setQueryData(key(res.data.id), res.data);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
