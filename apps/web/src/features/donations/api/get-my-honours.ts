import { DONATION_RECORD_API, type TEnvelope, type THonoursMe } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { donationKeys } from './donation-keys';

export async function getMyHonours(signal?: AbortSignal): Promise<THonoursMe> {
  return (await api.get<TEnvelope<THonoursMe>>(DONATION_RECORD_API.honoursMine, { signal })).data;
}

export const myHonoursQueryOptions = () =>
  queryOptions({
    queryKey: donationKeys.honours(),
    queryFn: ({ signal }) => getMyHonours(signal),
    // Asked even offline: the service worker answers with the copy kept for this account (ADR 34).
    networkMode: 'offlineFirst',
  });

export const useMyHonours = () => useQuery(myHonoursQueryOptions());
