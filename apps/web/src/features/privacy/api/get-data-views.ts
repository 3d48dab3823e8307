import { DATA_RIGHTS_API, type TDataView, type TEnvelope, type TPrivacyPolicy } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privacyKeys } from './privacy-keys';

/** Who saw my data: staff actions about the donor (date, kind, role). */
export async function getDataViews(signal?: AbortSignal): Promise<TDataView[]> {
  return (await api.get<TEnvelope<TDataView[]>>(DATA_RIGHTS_API.views, { signal })).data;
}

export function useDataViews() {
  return useQuery(
    queryOptions({ queryKey: privacyKeys.views, queryFn: ({ signal }) => getDataViews(signal) }),
  );
}

/** Purposes and retention periods as configured on the server (public). */
export async function getPrivacyPolicy(signal?: AbortSignal): Promise<TPrivacyPolicy> {
  return (await api.get<TEnvelope<TPrivacyPolicy>>(DATA_RIGHTS_API.policy, { signal, auth: false })).data;
}

export function usePrivacyPolicy() {
  return useQuery(
    queryOptions({
      queryKey: privacyKeys.policy,
      queryFn: ({ signal }) => getPrivacyPolicy(signal),
      staleTime: 60 * 60_000,
    }),
  );
}
