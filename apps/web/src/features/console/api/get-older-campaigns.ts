import { QUESTION_SET_API, type TEnvelope, type TQuestionSetOlderCampaign } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/question-sets/{id}/campaigns: open campaigns still on an older version of it. */
export async function getOlderCampaigns(questionSetId: number, signal?: AbortSignal) {
  const body = await api.get<TEnvelope<TQuestionSetOlderCampaign[]>>(
    QUESTION_SET_API.campaigns(questionSetId),
    {
      signal,
    },
  );
  return body.data;
}

export const olderCampaignsQueryOptions = (questionSetId: number) =>
  queryOptions({
    queryKey: adminKeys.olderCampaigns(questionSetId),
    queryFn: ({ signal }) => getOlderCampaigns(questionSetId, signal),
    staleTime: 0,
  });

/** Only for the latest version (an older one takes no campaigns: the server answers 409). */
export const useOlderCampaigns = (questionSetId: number, enabled: boolean) =>
  useQuery({ ...olderCampaignsQueryOptions(questionSetId), enabled });
