import { and, asc, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { ACTIVE_APPOINTMENT_STATUSES } from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import { appointments, campaignSlots, campaigns } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect & {
  appointmentCount: number;
  /** Places left over the campaign's slots; undefined for a campaign without slots. */
  placesLeft?: number;
};

export function createCampaignRepository(db: Db) {
  return {
    /**
     * Published, not cancelled campaigns still receiving donors at or after `from`, soonest first, each with its
     * count of BOOKING and DONE registrations — one query, no per-campaign count.
     */
    async listOpen(from: Date): Promise<CampaignRow[]> {
      const counts = db
        .select({ campaignId: appointments.campaignId, n: count().as('n') })
        .from(appointments)
        .where(inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]))
        .groupBy(appointments.campaignId)
        .as('counts');
      const places = db
        .select({
          campaignId: campaignSlots.campaignId,
          left: sql<number>`sum(greatest(${campaignSlots.capacity} - ${campaignSlots.booked}, 0))`
            .mapWith(Number)
            .as('left'),
        })
        .from(campaignSlots)
        .groupBy(campaignSlots.campaignId)
        .as('places');
      const rows = await db
        .select({ campaign: campaigns, n: counts.n, left: places.left })
        .from(campaigns)
        .leftJoin(counts, eq(counts.campaignId, campaigns.id))
        .leftJoin(places, eq(places.campaignId, campaigns.id))
        .where(
          and(
            eq(campaigns.isPublished, true),
            isNull(campaigns.cancelledAt),
            gte(campaigns.endReceiveTime, from),
          ),
        )
        .orderBy(asc(campaigns.organizeTime), asc(campaigns.id));
      return rows.map((r) => ({
        ...r.campaign,
        appointmentCount: Number(r.n ?? 0),
        placesLeft: r.left === null || r.left === undefined ? undefined : Number(r.left),
      }));
    },
  };
}
export type CampaignRepository = ReturnType<typeof createCampaignRepository>;
