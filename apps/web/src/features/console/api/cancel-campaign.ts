import { type TEnvelope, ADMIN_CAMPAIGN_API, type TAdminCampaignCancelRequest } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/campaigns/{id}/cancel {reason}: its bookings are cancelled and their donors told. */
export const cancelCampaign = ({ id, body }: { id: number; body: TAdminCampaignCancelRequest }) =>
  api.post<TEnvelope<unknown>>(ADMIN_CAMPAIGN_API.campaignCancel(id), body);

export function useCancelCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
