import { DONATION_RECORD_API, type TDonationRecord, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { donationKeys } from './donation-keys';

export async function getDonationRecord(signal?: AbortSignal): Promise<TDonationRecord> {
  return (await api.get<TEnvelope<TDonationRecord>>(DONATION_RECORD_API.mine, { signal })).data;
}

export const donationRecordQueryOptions = () =>
  queryOptions({
    queryKey: donationKeys.record(),
    queryFn: ({ signal }) => getDonationRecord(signal),
    // Asked even offline: the service worker answers with the copy kept for this account (ADR 34).
    networkMode: 'offlineFirst',
  });

export const useDonationRecord = () => useQuery(donationRecordQueryOptions());
