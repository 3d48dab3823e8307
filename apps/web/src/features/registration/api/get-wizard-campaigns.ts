import { API, type TCampaign, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The open campaigns for the wizard's first step. `null` when the body's `data` is not a list
 * ('Dữ liệu trả về không hợp lệ'), distinct from a failed request ('Không thể tải thông tin chiến dịch').
 * Public list: no token, so an expired one costs no refresh.
 */
export async function getWizardCampaigns(signal?: AbortSignal): Promise<TCampaign[] | null> {
  const body = await api.get<Partial<TEnvelope<unknown>> | undefined>(API.campaigns, { signal, auth: false });
  return Array.isArray(body?.data) ? (body.data as TCampaign[]) : null;
}

export const wizardCampaignsQueryOptions = () =>
  queryOptions({
    // Same key and same result as the landing slider's list: a visit from the slider reuses it.
    queryKey: ['campaigns', 'open'] as const,
    queryFn: ({ signal }) => getWizardCampaigns(signal),
  });

export function useWizardCampaigns() {
  return useQuery(wizardCampaignsQueryOptions());
}
