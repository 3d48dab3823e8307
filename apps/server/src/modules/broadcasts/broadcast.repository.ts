import { DONATION_INTERVAL_DAYS, FINISHED_APPOINTMENT_STATUSES, vnDayStart } from '@giot-hong/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { addressInPlace } from '../../lib/address-place.ts';
import {
  appointments,
  broadcasts,
  campaigns,
  consents,
  donorProfiles,
  notifications,
  users,
  type BroadcastAudienceRow,
} from '../../db/schema/index.ts';

export type BroadcastRow = typeof broadcasts.$inferSelect;

/** The audience resolved before SQL: a province is matched by its name. */
export type ResolvedAudience = BroadcastAudienceRow & { provinceName?: string };

/** How many of a donor's latest donations can decide eligibility (as in appointments/last-donation.ts). */
const RECENT_DONATIONS = 5;

/**
 * The first day (Vietnam) a donor may give again after one donation row `a`, in SQL: the start of
 * the donation's day in Vietnam plus the interval of its type (rows without a type count as whole
 * blood) — the rule of `nextEligibleDay` in appointments/last-donation.ts.
 */
const nextEligibleSql = sql.raw(`(date_trunc('day', d.donated_at + interval '7 hours') - interval '7 hours'
  + make_interval(days => case d.donation_type ${Object.entries(DONATION_INTERVAL_DAYS)
    .map(([type, days]) => `when '${type}' then ${Number(days)}`)
    .join(' ')} else ${Number(DONATION_INTERVAL_DAYS.WHOLE_BLOOD)} end))`);

export function createBroadcastRepository(db: Db) {
  const activeDonor = sql`u.role = 'DONOR' and u.enabled = true and u.email_verified_at is not null`;

  /** `select u.id from users u …` for one audience: count and send use the same SQL. */
  function audienceSql(a: ResolvedAudience): SQL {
    switch (a.kind) {
      case 'BLOOD_GROUP':
        return sql`select u.id from ${users} u join ${donorProfiles} p on p.user_id = u.id
          where ${activeDonor} and p.blood_group = ${a.bloodGroup!}`;
      case 'PROVINCE':
        return sql`select u.id from ${users} u join ${donorProfiles} p on p.user_id = u.id
          where ${activeDonor} and ${addressInPlace(sql`p.address_contact`, a.provinceName!)}`;
      case 'ELIGIBLE_FROM': {
        // Midnight in Vietnam starting the chosen day.
        const day = vnDayStart(a.date!).toISOString();
        const finished = sql.join(
          FINISHED_APPOINTMENT_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        );
        // Donors whose decisive donation (of their latest few) allows giving on that day, and
        // who are not deferred past it.
        return sql`select u.id from ${users} u
          join (
            select d.user_id, max(${nextEligibleSql}) as next_day
            from (
              select a.user_id, a.donated_at, a.donation_type,
                row_number() over (partition by a.user_id order by a.donated_at desc) as n
              from ${appointments} a
              where a.status in (${finished}) and a.donated_at is not null
            ) d
            where d.n <= ${RECENT_DONATIONS}
            group by d.user_id
          ) e on e.user_id = u.id
          where ${activeDonor} and e.next_day <= ${day}::timestamptz
            and not exists (select 1 from ${appointments} x
              where x.user_id = u.id and x.deferred_until > ${day}::timestamptz)`;
      }
      case 'CAMPAIGN':
        return sql`select distinct u.id from ${users} u join ${appointments} a on a.user_id = u.id
          where ${activeDonor} and a.campaign_id = ${a.campaignId!} and a.status <> 'CANCELLED'`;
      default:
        return sql`select u.id from ${users} u where ${activeDonor}`;
    }
  }

  return {
    transaction: db.transaction.bind(db),

    async count(a: ResolvedAudience): Promise<number> {
      const result = await db.execute(sql`select count(*)::int as n from (${audienceSql(a)}) as aud`);
      return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    },

    /** The next donors of the audience after `cursor` (ids ascending). */
    async nextRecipients(a: ResolvedAudience, cursor: number, limit: number): Promise<number[]> {
      const result = await db.execute(
        sql`select aud.id from (${audienceSql(a)}) as aud where aud.id > ${cursor} order by aud.id limit ${limit}`,
      );
      return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
    },

    /**
     * The broadcast's notification for each donor who does not have it yet (per-donor dedupe
     * key, ON CONFLICT DO NOTHING): returns the donors who got it now.
     */
    async insertNotifications(
      userIds: number[],
      text: { type: number; title: string; content: string; link: string | null; dedupeKey: string },
      now: Date,
    ): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .insert(notifications)
        .values(userIds.map((userId) => ({ userId, ...text, createdAt: now })))
        .onConflictDoNothing()
        .returning({ userId: notifications.userId });
      return rows.map((r) => r.userId);
    },

    /**
     * Accounts that accept e-mail copies, among the given ones: those whose consent to e-mails
     * about campaigns and news (optional, off by default: data rights) is given and not withdrawn.
     */
    async mailable(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(
          and(
            inArray(users.id, ids),
            sql`exists (select 1 from ${consents} where ${consents.userId} = ${users.id}
              and ${consents.purpose} = 'CAMPAIGN_EMAILS' and ${consents.withdrawnAt} is null)`,
          ),
        );
    },

    campaignExists: async (id: number) =>
      (await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).limit(1)).length > 0,

    /** Inserts the broadcast unless its idempotency key exists; returns the row and whether it is new. */
    async insert(
      tx: Pick<Db, 'insert' | 'select'>,
      v: typeof broadcasts.$inferInsert,
    ): Promise<{ row: BroadcastRow; created: boolean }> {
      const [created] = await tx.insert(broadcasts).values(v).onConflictDoNothing().returning();
      if (created) return { row: created, created: true };
      const [existing] = await tx
        .select()
        .from(broadcasts)
        .where(eq(broadcasts.idempotencyKey, v.idempotencyKey))
        .limit(1);
      return { row: existing!, created: false };
    },

    async find(id: number) {
      const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id)).limit(1);
      return row;
    },

    list: () =>
      db.select().from(broadcasts).orderBy(desc(broadcasts.createdAt), desc(broadcasts.id)).limit(100),

    /**
     * Takes one unfinished broadcast whose lease is free (FOR UPDATE SKIP LOCKED: another
     * process skips it) and leases it until `until`.
     */
    async claim(now: Date, until: Date): Promise<BroadcastRow | undefined> {
      const result = await db.execute(sql`
        update ${broadcasts} set status = 'SENDING', locked_until = ${until.toISOString()}::timestamptz
        where id = (
          select id from ${broadcasts}
          where status <> 'DONE' and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
          order by id limit 1
          for update skip locked
        )
        returning id`);
      const id = rowsOf<{ id: number }>(result)[0]?.id;
      return id === undefined ? undefined : this.find(Number(id));
    },

    /** Progress of one batch, and a longer lease. */
    async progress(id: number, p: { cursor: number; sent: number; emailed: number; until: Date }) {
      await db
        .update(broadcasts)
        .set({
          cursor: p.cursor,
          sent: sql`${broadcasts.sent} + ${p.sent}`,
          emailed: sql`${broadcasts.emailed} + ${p.emailed}`,
          lockedUntil: p.until,
        })
        .where(eq(broadcasts.id, id));
    },

    async finish(id: number, now: Date) {
      await db
        .update(broadcasts)
        .set({ status: 'DONE', lockedUntil: null, finishedAt: now })
        .where(eq(broadcasts.id, id));
    },

    unfinished: () =>
      db
        .select({ id: broadcasts.id })
        .from(broadcasts)
        .where(sql`${broadcasts.status} <> 'DONE'`)
        .orderBy(asc(broadcasts.id))
        .limit(1),
  };
}
export type BroadcastRepository = ReturnType<typeof createBroadcastRepository>;
