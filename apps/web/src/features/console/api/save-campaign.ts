import {
  type TEnvelope,
  ADMIN_CAMPAIGN_API,
  type TAdminCampaign,
  type TAdminCampaignRequest,
} from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/campaigns (new) or PUT /api/admin/campaigns/{id} (edit). */
export async function saveCampaign(
  id: number | undefined,
  body: TAdminCampaignRequest,
): Promise<TAdminCampaign> {
  const res =
    id === undefined
      ? await api.post<TEnvelope<TAdminCampaign>>(ADMIN_CAMPAIGN_API.campaigns, body)
      : await api.put<TEnvelope<TAdminCampaign>>(ADMIN_CAMPAIGN_API.campaign(id), body);
  return res.data;
}

export function useSaveCampaign(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminCampaignRequest) => saveCampaign(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.campaign(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
