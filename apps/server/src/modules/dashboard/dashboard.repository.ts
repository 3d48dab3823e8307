import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/** A period as instants: [start, end). */
export type Period = { start: Date; end: Date };

/** Vietnam local time of a timestamptz column (UTC+7, no DST), as SQL. */
const vnLocal = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '7 hours')`);

/**
 * The dashboard's figures: each is one aggregate query over an indexed range (appointments by
 * `created_at`, campaigns by `organize_time` then their appointments by campaign, verified
 * profiles by `verified_at`).
 */
export function createDashboardRepository(db: Db) {
  const range = (column: string, p: Period) =>
    sql`${sql.raw(column)} >= ${p.start.toISOString()}::timestamptz and ${sql.raw(column)} < ${p.end.toISOString()}::timestamptz`;

  return {
    async registrationsPerDay(p: Period) {
      return rowsOf<{ day: string; n: number }>(
        await db.execute(sql`
          select to_char(${vnLocal('a.created_at')}, 'YYYY-MM-DD') as day, count(*)::int as n
          from appointments a
          where ${range('a.created_at', p)}
          group by 1 order by 1`),
      );
    },

    async bloodGroups(p: Period) {
      return rowsOf<{ blood_group: string | null; registrants: number; donors: number }>(
        await db.execute(sql`
          select dp.blood_group,
            count(distinct a.user_id)::int as registrants,
            (count(distinct a.user_id) filter (where a.status in ('DONE', 'COMPLETED')))::int as donors
          from campaigns c
          join appointments a on a.campaign_id = c.id
          left join donor_profiles dp on dp.user_id = a.user_id
          where ${range('c.organize_time', p)} and a.status <> 'CANCELLED'
          group by dp.blood_group
          order by dp.blood_group nulls last`),
      );
    },

    async unitsPerCampaign(p: Period) {
      return rowsOf<{
        id: number;
        name: string;
        organize_time: string | Date;
        target: number;
        collected: number;
      }>(
        await db.execute(sql`
          select c.id, c.name, c.organize_time, c.target_blood_units as target,
            (count(a.id) filter (where a.status in ('DONE', 'COMPLETED')))::int as collected
          from campaigns c
          left join appointments a on a.campaign_id = c.id
          where ${range('c.organize_time', p)} and c.cancelled_at is null
          group by c.id
          order by c.organize_time, c.id`),
      );
    },

    async outcomes(p: Period) {
      const [row] = rowsOf<{ recorded: number; done: number; deferred: number; no_show: number }>(
        await db.execute(sql`
          select
            (count(*) filter (where a.status in ('DONE', 'COMPLETED', 'DEFERRED', 'NO_SHOW')))::int as recorded,
            (count(*) filter (where a.status in ('DONE', 'COMPLETED')))::int as done,
            (count(*) filter (where a.status = 'DEFERRED'))::int as deferred,
            (count(*) filter (where a.status = 'NO_SHOW'))::int as no_show
          from campaigns c
          join appointments a on a.campaign_id = c.id
          where ${range('c.organize_time', p)}`),
      );
      return row ?? { recorded: 0, done: 0, deferred: 0, no_show: 0 };
    },

    async newVerifiedDonorsPerWeek(p: Period) {
      return rowsOf<{ week: string; n: number }>(
        await db.execute(sql`
          select to_char(date_trunc('week', ${vnLocal('dp.verified_at')}), 'YYYY-MM-DD') as week,
            count(*)::int as n
          from donor_profiles dp
          where dp.status = 'EXTRACTED' and ${range('dp.verified_at', p)}
          group by 1 order by 1`),
      );
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
