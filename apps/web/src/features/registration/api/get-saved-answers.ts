import { API, type TEnvelope, type TSavedAnswer } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The donor's own saved answers for a campaign (empty when not registered). */
export async function getSavedAnswers(campaignId: number, signal?: AbortSignal): Promise<TSavedAnswer[]> {
  const body = await api.get<TEnvelope<TSavedAnswer[] | null>>(API.answersOfCampaign(campaignId), { signal });
  return Array.isArray(body.data) ? body.data : [];
}

export const savedAnswersQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: ['registration', 'saved-answers', campaignId] as const,
    queryFn: ({ signal }) => getSavedAnswers(campaignId, signal),
    staleTime: 0,
    retry: false,
  });

export function useSavedAnswers(campaignId: number) {
  return useQuery(savedAnswersQueryOptions(campaignId));
}
