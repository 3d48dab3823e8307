import { PUBLIC_APPEAL_API, type TEnvelope, type TPublicAppeal } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The open appeals (public: groups, place and time, nothing personal). A server-rendered landing
 * page brings them in its data (the server's page-data.ts fills this key), so the first paint asks
 * nothing. No token is sent.
 */
export async function getOpenAppeals(signal?: AbortSignal): Promise<TPublicAppeal[]> {
  const body = await api.get<Partial<TEnvelope<TPublicAppeal[]>> | undefined>(PUBLIC_APPEAL_API.open, {
    signal,
    auth: false,
  });
  return Array.isArray(body?.data) ? body.data : [];
}

export const openAppealsQueryOptions = () =>
  queryOptions({
    queryKey: ['appeals', 'open'] as const,
    queryFn: ({ signal }) => getOpenAppeals(signal),
  });

export function useOpenAppeals() {
  return useQuery(openAppealsQueryOptions());
}
