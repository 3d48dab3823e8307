import type { TCampaign } from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { CACHE_SAFETY_EXPIRY_MS, createTtlCache } from '../../lib/ttl-cache.ts';
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
    ...(r.placesLeft === undefined ? {} : { placesLeft: r.placesLeft }),
  };
}

export function createCampaignService(deps: { repo: CampaignRepository; clock: Clock }) {
  // The landing page of every visitor asks for this list. It is kept until a campaign changes
  // here or in another process (the change feed's 'campaigns' topic, ADR 35). Rows are cached
  // with their end time so a campaign whose window closes disappears at once even from a cached list.
  const cache = createTtlCache<CampaignRow[]>(CACHE_SAFETY_EXPIRY_MS);
  // The same rows still open give the same list object, so the route can keep its serialised
  // (and compressed) form for as long as nothing changed.
  let last: { rows: CampaignRow[]; open: number; list: readonly TCampaign[] } | undefined;
  return {
    /** The open campaigns; the same (frozen) array while the list is unchanged. */
    async listOpen(): Promise<readonly TCampaign[]> {
      const rows = await cache.get(() => deps.repo.listOpen(deps.clock.now()));
      const now = deps.clock.now().getTime();
      const open = rows.filter((r) => r.endReceiveTime.getTime() >= now);
      if (last?.rows === rows && last.open === open.length) return last.list;
      last = { rows, open: open.length, list: Object.freeze(open.map(toCampaignDto)) };
      return last.list;
    },
    /**
     * Drops the cached list: the change feed calls it for the 'campaigns' topic. Writers publish
     * that topic (app.changes.publish) rather than calling this, so other processes hear of it.
     */
    invalidate: () => cache.invalidate(),
  };
}
export type CampaignService = ReturnType<typeof createCampaignService>;
