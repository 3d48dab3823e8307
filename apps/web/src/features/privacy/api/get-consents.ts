import { DATA_RIGHTS_API, type TConsent, type TConsentPurpose, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privacyKeys } from './privacy-keys';

export async function getConsents(signal?: AbortSignal): Promise<TConsent[]> {
  return (await api.get<TEnvelope<TConsent[]>>(DATA_RIGHTS_API.consents, { signal })).data;
}

export const consentsQueryOptions = () =>
  queryOptions({ queryKey: privacyKeys.consents, queryFn: ({ signal }) => getConsents(signal) });

export function useConsents() {
  return useQuery(consentsQueryOptions());
}

/** Gives (at the version in force) or withdraws one consent. */
export function changeConsent(v: { purpose: TConsentPurpose; given: boolean; version: string }) {
  return api.put<TEnvelope<TConsent>>(DATA_RIGHTS_API.consent(v.purpose), {
    given: v.given,
    version: v.version,
  });
}

export function useChangeConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeConsent,
    onSuccess: (_, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: privacyKeys.consents }),
        // Withdrawing the club's consent ends the membership its card shows.
        v.purpose === 'RARE_BLOOD_CLUB' && qc.invalidateQueries({ queryKey: privacyKeys.rareBlood }),
      ]),
  });
}
