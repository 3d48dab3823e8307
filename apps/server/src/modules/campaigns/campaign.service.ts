import type { TCampaign } from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { CampaignRepository, CampaignRow } from './campaign.repository.ts';

export function toCampaignDto(r: CampaignRow): TCampaign {
  return {
    id: r.id,
    name: r.name,
    location: r.location,
    organizeTime: r.organizeTime.toISOString(),
    startReceiveTime: r.startReceiveTime.toISOString(),
    endReceiveTime: r.endReceiveTime.toISOString(),
    description: r.description,
    appointmentCount: r.appointmentCount,
    targetBloodUnits: r.targetBloodUnits,
    questionSetId: r.questionSetId,
    imageUrl: r.imageUrl,
  };
}

/** How long the public campaign list may be served from memory (see lib/ttl-cache.ts). */
export const CAMPAIGN_LIST_TTL_MS = 5_000;

export function createCampaignService(deps: { repo: CampaignRepository; clock: Clock }) {
  // The landing page of every visitor asks for this list; it changes rarely and may lag a few
  // seconds. Rows are cached with their end time so a campaign whose window closes
  // disappears at once even from a cached list.
  const cache = createTtlCache<CampaignRow[]>(CAMPAIGN_LIST_TTL_MS);
  return {
    async listOpen(): Promise<TCampaign[]> {
      const rows = await cache.get(() => deps.repo.listOpen(deps.clock.now()));
      const now = deps.clock.now().getTime();
      return rows.filter((r) => r.endReceiveTime.getTime() >= now).map(toCampaignDto);
    },
    /** Call after any write that changes a campaign or its registration count. */
    invalidate: () => cache.invalidate(),
  };
}
export type CampaignService = ReturnType<typeof createCampaignService>;
