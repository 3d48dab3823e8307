import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, shortLinks } from '../../db/schema/index.ts';

export type ShareCampaignRow = Pick<
  typeof campaigns.$inferSelect,
  | 'id'
  | 'name'
  | 'location'
  | 'description'
  | 'organizeTime'
  | 'startReceiveTime'
  | 'endReceiveTime'
  | 'questionSetId'
  | 'imageUrl'
>;

const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  location: campaigns.location,
  description: campaigns.description,
  organizeTime: campaigns.organizeTime,
  startReceiveTime: campaigns.startReceiveTime,
  endReceiveTime: campaigns.endReceiveTime,
  questionSetId: campaigns.questionSetId,
  imageUrl: campaigns.imageUrl,
};

export function createShareLinkRepository(db: Db) {
  return {
    /** A published campaign (open or not: an old link still leads to the wizard, which says it is closed). */
    async findCampaign(id: number): Promise<ShareCampaignRow | undefined> {
      const rows = await db
        .select(campaignColumns)
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.isPublished, true)))
        .limit(1);
      return rows[0];
    },

    async findCodeOfCampaign(campaignId: number): Promise<string | undefined> {
      const rows = await db
        .select({ code: shortLinks.code })
        .from(shortLinks)
        .where(eq(shortLinks.campaignId, campaignId))
        .limit(1);
      return rows[0]?.code;
    },

    /**
     * Stores `code` for the campaign unless the campaign already has one (or the code is taken):
     * concurrent first shares of one campaign all end up with the single stored code.
     */
    async insertIfAbsent(code: string, campaignId: number, targetPath: string): Promise<void> {
      await db.insert(shortLinks).values({ code, campaignId, targetPath }).onConflictDoNothing();
    },

    /** The link and its campaign, if the campaign is still published. */
    async resolve(code: string): Promise<{ targetPath: string; campaign: ShareCampaignRow } | undefined> {
      const rows = await db
        .select({ targetPath: shortLinks.targetPath, campaign: campaignColumns })
        .from(shortLinks)
        .innerJoin(campaigns, eq(campaigns.id, shortLinks.campaignId))
        .where(and(eq(shortLinks.code, code), eq(campaigns.isPublished, true)))
        .limit(1);
      return rows[0];
    },
  };
}
export type ShareLinkRepository = ReturnType<typeof createShareLinkRepository>;
