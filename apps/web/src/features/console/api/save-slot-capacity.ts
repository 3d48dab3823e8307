import { SLOT_API, type TEnvelope, type TSlot } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignSlotsQueryOptions } from '../../registration/api/get-campaign-slots';
import { adminKeys } from './admin-keys';

/** PUT /api/admin/campaigns/{id}/slots: new capacities (409 below the places already booked). */
export function useSaveSlotCapacity(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: { start: string; capacity: number }[]) =>
      api.put<TEnvelope<TSlot[]>>(SLOT_API.adminCampaignSlots(campaignId), items),
    onSettled: () => {
      // The day page shows the public slot list (places left), so its query refreshes too.
      void queryClient.invalidateQueries({ queryKey: campaignSlotsQueryOptions(campaignId).queryKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
