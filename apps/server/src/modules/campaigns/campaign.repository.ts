import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect & { appointmentCount: number };

export function createCampaignRepository(db: Db) {
  return {
    /** Published campaigns still receiving donors at or after `from`, soonest first. One query. */
    async listOpen(from: Date): Promise<CampaignRow[]> {
      const rows = await db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.isPublished, true), gte(campaigns.endReceiveTime, from)))
        .orderBy(asc(campaigns.organizeTime), asc(campaigns.id));
      return rows.map((r) => ({ ...r, appointmentCount: 0 }));
    },
  };
}
export type CampaignRepository = ReturnType<typeof createCampaignRepository>;
