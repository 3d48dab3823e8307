import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A donation made elsewhere (another hospital, another chapter), recorded by staff so the
 * interval to the next donation is right.
 */
export const externalDonations = pgTable(
  'external_donations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Midnight (Vietnam) of the day of the donation. */
    donatedAt: timestamp('donated_at', { withTimezone: true }).notNull(),
    /** WHOLE_BLOOD, APHERESIS_PLATELETS, APHERESIS_PLASMA (DONATION_TYPES). */
    donationType: text('donation_type').notNull(),
    place: text('place').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('external_donations_user_donated_idx').on(t.userId, t.donatedAt)],
);
