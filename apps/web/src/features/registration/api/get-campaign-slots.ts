import { SLOT_API, type TEnvelope, type TSlot } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/campaigns/{id}/slots: the campaign's time slots with the places left (public). */
export async function getCampaignSlots(campaignId: number, signal?: AbortSignal): Promise<TSlot[]> {
  const body = await api.get<TEnvelope<TSlot[]>>(SLOT_API.campaignSlots(campaignId), { signal, auth: false });
  return body.data;
}

export const campaignSlotsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: ['campaigns', campaignId, 'slots'] as const,
    queryFn: ({ signal }) => getCampaignSlots(campaignId, signal),
    // Places change as others book: always fresh when the picker opens.
    staleTime: 0,
  });

export function useCampaignSlots(campaignId: number | undefined) {
  return useQuery({ ...campaignSlotsQueryOptions(campaignId ?? 0), enabled: campaignId !== undefined });
}
