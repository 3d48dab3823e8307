import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The rare-blood club: one row per member (a donor whose laboratory group is Rh-negative and who
 * joined, giving the RARE_BLOOD_CLUB consent). Leaving, withdrawing that consent or erasing the
 * account deletes the row. `call_from`/`call_to` are Vietnam wall times 'HH:MM' (from may be later
 * than to: the hours cross midnight); they are kept while on call is off.
 */
export const rareBloodMembers = pgTable(
  'rare_blood_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    onCall: boolean('on_call').notNull().default(false),
    callFrom: text('call_from'),
    callTo: text('call_to'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Who may be called now (onCallMemberIds): the members on call, their hours beside them.
    index('rare_blood_members_on_call_idx')
      .on(t.userId, t.callFrom, t.callTo)
      .where(sql`${t.onCall}`),
  ],
);
