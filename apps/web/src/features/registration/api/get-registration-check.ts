import { API, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegistrationCheck = { status: string; message: string };

/** Whether the donor may register for the campaign (SUCCESS) or why not (a status and its message). */
export async function getRegistrationCheck(
  campaignId: number,
  signal?: AbortSignal,
): Promise<RegistrationCheck> {
  const body = await api.get<TEnvelope<RegistrationCheck>>(API.registrationCheck, {
    query: { campaignId },
    signal,
  });
  return body.data;
}

export const registrationCheckQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: ['registration', 'check', campaignId] as const,
    queryFn: ({ signal }) => getRegistrationCheck(campaignId, signal),
    // Asked afresh every time the questionnaire is entered: a profile may have been verified meanwhile.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useRegistrationCheck(campaignId: number) {
  return useQuery(registrationCheckQueryOptions(campaignId));
}
