import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './catalog.ts';

/**
 * Our own short links (`/s/{code}`) for sharing a campaign. One code per campaign: sharing the
 * same campaign again gives the same link, so previews and counts stay on one address.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    /** URL-safe random code from crypto (base64url alphabet), 7+ characters. */
    code: text('code').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /**
     * Page of the portal the code leads to (`/dang-ky-hien-mau`). The query (campaign id, question
     * set) is built at redirect time from the campaign as it is then, so a changed question set
     * never leaves a stale link behind.
     */
    targetPath: text('target_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('short_links_campaign_uq').on(t.campaignId)],
);
