import { and, asc, count, eq, gte, inArray, isNull } from 'drizzle-orm';
import { ACTIVE_APPOINTMENT_STATUSES } from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import { appointments, campaigns } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect & { appointmentCount: number };

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
      const rows = await db
        .select({ campaign: campaigns, n: counts.n })
        .from(campaigns)
        .leftJoin(counts, eq(counts.campaignId, campaigns.id))
        .where(
          and(
            eq(campaigns.isPublished, true),
            isNull(campaigns.cancelledAt),
            gte(campaigns.endReceiveTime, from),
          ),
        )
        .orderBy(asc(campaigns.organizeTime), asc(campaigns.id));
      return rows.map((r) => ({ ...r.campaign, appointmentCount: Number(r.n ?? 0) }));
    },
  };
}
export type CampaignRepository = ReturnType<typeof createCampaignRepository>;
