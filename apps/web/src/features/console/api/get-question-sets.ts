import { type TEnvelope, QUESTION_SET_API, type TAdminQuestionSetVersion } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** Every version of every questionnaire (the campaign form's select, the questionnaire list). */
export async function getQuestionSets(signal?: AbortSignal): Promise<TAdminQuestionSetVersion[]> {
  const body = await api.get<TEnvelope<TAdminQuestionSetVersion[]>>(QUESTION_SET_API.list, { signal });
  return body.data;
}

export const useQuestionSets = () =>
  useQuery({ queryKey: adminKeys.questionSets(), queryFn: ({ signal }) => getQuestionSets(signal) });
