import { type TEnvelope, ADMIN_API, type TAdminQuestionSet } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The question sets a campaign can use (the form's select). */
export async function getQuestionSets(signal?: AbortSignal): Promise<TAdminQuestionSet[]> {
  const body = await api.get<TEnvelope<TAdminQuestionSet[]>>(ADMIN_API.questionSets, { signal });
  return body.data;
}

export const useQuestionSets = () =>
  useQuery({ queryKey: adminKeys.questionSets(), queryFn: ({ signal }) => getQuestionSets(signal) });
