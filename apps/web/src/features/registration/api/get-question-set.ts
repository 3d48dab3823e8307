import { API, type TQuestionSet } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isQuestionSet } from '../lib/questionnaire';

/** Thrown when the body is not a question set ('Cấu trúc dữ liệu không hợp lệ'). */
export class InvalidQuestionSetError extends Error {}

/** GET /questionset?id= — the body is used as it is: its `data` must be the set. */
export async function getQuestionSet(id: number, signal?: AbortSignal): Promise<TQuestionSet> {
  const body = await api.get<{ data?: unknown } | undefined>(API.questionSet, { query: { id }, signal });
  if (!isQuestionSet(body?.data)) throw new InvalidQuestionSetError('Cấu trúc dữ liệu không hợp lệ');
  return body.data;
}

export const questionSetQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['question-set', id] as const,
    queryFn: ({ signal }) => getQuestionSet(id, signal),
    retry: (count, error) => !(error instanceof InvalidQuestionSetError) && count < 1,
  });

export function useQuestionSet(id: number | undefined) {
  return useQuery({ ...questionSetQueryOptions(id ?? 0), enabled: Boolean(id) });
}
