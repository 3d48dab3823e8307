import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './catalog.ts';

/**
 * The time slots of a campaign's receive window. `booked` counts the live appointments holding a
 * place; a booking takes one with a single `booked = booked + 1 … where booked < capacity`, so the
 * database, not a read-then-write, keeps a slot from being overbooked.
 */
export const campaignSlots = pgTable(
  'campaign_slots',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    start: timestamp('start_time', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'campaign_slots_pk', columns: [t.campaignId, t.start] }),
    check('campaign_slots_booked_ck', sql`${t.booked} >= 0 and ${t.booked} <= ${t.capacity}`),
  ],
);
