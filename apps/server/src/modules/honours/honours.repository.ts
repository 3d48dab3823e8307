import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { FINISHED_APPOINTMENT_STATUSES } from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../audit/audit.repository.ts';
import {
  appointments,
  donorProfiles,
  externalDonations,
  honourAwards,
  users,
} from '../../db/schema/index.ts';

/** The donation days (Vietnam, yyyy-mm-dd) of one donor, here and elsewhere, oldest first. */
const VN_DAY = (col: typeof appointments.donatedAt | typeof externalDonations.donatedAt) =>
  sql<string>`to_char(${col} at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD')`;

export function createHonoursRepository(db: Db) {
  return {
    /** Every donation day of the donor (with emergency flags for those here), in two reads. */
    async donationDays(tx: Db, userId: number): Promise<{ day: string; emergency: boolean }[]> {
      const here = await tx
        .select({ day: VN_DAY(appointments.donatedAt), emergency: appointments.emergency })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            inArray(appointments.status, [...FINISHED_APPOINTMENT_STATUSES]),
            sql`${appointments.donatedAt} is not null`,
          ),
        );
      const elsewhere = await tx
        .select({ day: VN_DAY(externalDonations.donatedAt) })
        .from(externalDonations)
        .where(eq(externalDonations.userId, userId));
      return [...here, ...elsewhere.map((e) => ({ day: e.day, emergency: false }))].sort((a, b) =>
        a.day.localeCompare(b.day),
      );
    },

    /**
     * Stores the milestones reached; returns those that were new. The unique (user, milestone)
     * pair makes two concurrent recordings award a milestone once: only one insert returns it.
     */
    async award(tx: Db, userId: number, reached: { milestone: number; reachedOn: string }[]) {
      if (!reached.length) return [];
      return tx
        .insert(honourAwards)
        .values(reached.map((r) => ({ userId, ...r })))
        .onConflictDoNothing()
        .returning({ milestone: honourAwards.milestone, reachedOn: honourAwards.reachedOn });
    },

    async awardsOf(userId: number) {
      return db
        .select({ milestone: honourAwards.milestone, reachedOn: honourAwards.reachedOn })
        .from(honourAwards)
        .where(eq(honourAwards.userId, userId))
        .orderBy(asc(honourAwards.milestone));
    },

    /**
     * Donors who reached a milestone in [from, to] (Vietnam days), with their total count and
     * emergency donations, for the ceremony list: one query with the counts as subqueries.
     */
    async reachedInPeriod(from: string, to: string) {
      return db
        .select({
          userId: honourAwards.userId,
          milestone: honourAwards.milestone,
          reachedOn: honourAwards.reachedOn,
          username: users.username,
          fullName: donorProfiles.fullName,
          dob: donorProfiles.dob,
          mobile: donorProfiles.mobile,
          count: sql<number>`((select count(*) from ${appointments} a where a.user_id = ${honourAwards.userId} and a.status in ('DONE','COMPLETED') and a.donated_at is not null) + (select count(*) from ${externalDonations} e where e.user_id = ${honourAwards.userId}))::int`,
          emergencyCount: sql<number>`(select count(*) from ${appointments} a where a.user_id = ${honourAwards.userId} and a.status in ('DONE','COMPLETED') and a.emergency)::int`,
        })
        .from(honourAwards)
        .innerJoin(users, eq(users.id, honourAwards.userId))
        .leftJoin(donorProfiles, eq(donorProfiles.userId, honourAwards.userId))
        .where(and(gte(honourAwards.reachedOn, from), lte(honourAwards.reachedOn, to)))
        .orderBy(asc(honourAwards.reachedOn), asc(honourAwards.milestone), asc(donorProfiles.fullName));
    },

    /** The account a congratulation goes to. */
    async ownerOf(userId: number) {
      const rows = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0];
    },

    /** One audit row for a read or an export of the list, with an access-log row per listed donor. */
    async auditList(
      actor: Actor,
      action: 'honours.view' | 'honours.export',
      subjects: number[],
      detail: Record<string, string>,
      at: Date,
    ): Promise<void> {
      await audit(db, actor, action, { type: 'honours', id: null }, at, { subjects, detail });
    },
  };
}
export type HonoursRepository = ReturnType<typeof createHonoursRepository>;
