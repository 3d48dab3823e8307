import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.ts';
import { appointments, campaigns, news, notifications, users } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** What every generated notification carries; `dedupeKey` makes generating it twice a no-op. */
export type NewNotification = {
  userId: number;
  type: number;
  title: string;
  content: string;
  link: string | null;
  dedupeKey: string;
  createdAt: Date;
};

/** Text shared by every recipient of one broadcast (news, event). */
export type BroadcastText = Omit<NewNotification, 'userId'>;

/** Rows per multi-row INSERT: far below PostgreSQL's 65,535 bind parameters (7 per row). */
const INSERT_CHUNK = 1_000;

export function createNotificationRepository(db: Db) {
  /** Donors who can read notifications: DONOR accounts that are enabled and verified. */
  const activeDonor = and(eq(users.role, 'DONOR'), eq(users.enabled, true), isNotNull(users.emailVerifiedAt));

  /** The appointment's donor has no notice yet whose dedupe key is `keyPrefix` + the appointment id. */
  const noNoticeYet = (keyPrefix: string) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, appointments.userId),
            eq(notifications.dedupeKey, sql`${keyPrefix}::text || ${appointments.id}::text`),
          ),
        ),
    );

  /**
   * One INSERT … SELECT for a whole audience: the database fans the text out, so a broadcast to
   * every donor is one statement, not a loop of queries. ON CONFLICT DO NOTHING skips donors
   * who already have it (same dedupe key). Returns how many rows were inserted.
   */
  async function insertForAudience(text: BroadcastText, audience: SQL): Promise<number> {
    const result = await db.execute(sql`
      with inserted as (
        insert into ${notifications} (user_id, type, title, content, link, dedupe_key, created_at)
        select u.id, ${text.type}::int, ${text.title}::text, ${text.content}::text, ${text.link}::text,
          ${text.dedupeKey}::text, ${text.createdAt.toISOString()}::timestamptz
        from (${audience}) as u
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from inserted`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  return {
    async list(
      userId: number,
      opts: { page: number; size: number; type?: number; unread?: boolean; sortDir: 'asc' | 'desc' },
    ) {
      const where = and(
        eq(notifications.userId, userId),
        opts.type !== undefined ? eq(notifications.type, opts.type) : undefined,
        opts.unread === true
          ? eq(notifications.status, false)
          : opts.unread === false
            ? eq(notifications.status, true)
            : undefined,
      );
      const dir = opts.sortDir === 'asc' ? asc : desc;
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(dir(notifications.createdAt), dir(notifications.id))
          .limit(opts.size)
          .offset(opts.page * opts.size),
        db.select({ total: count() }).from(notifications).where(where),
      ]);
      return { items, total: totals[0]?.total ?? 0 };
    },

    async countUnread(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.status, false)));
      return row?.n ?? 0;
    },

    /** The donor's own notification; another donor's id reads as missing. */
    async findOwn(userId: number, id: number): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .limit(1);
      return row;
    },

    async setStatus(userId: number, id: number, status: boolean): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ status })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row;
    },

    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ status: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.status, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Inserts what is not there yet (per-donor dedupe key); returns how many were new. */
    async insertMany(rows: NewNotification[]): Promise<number> {
      let inserted = 0;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        const ids = await db
          .insert(notifications)
          .values(chunk)
          .onConflictDoNothing()
          .returning({ id: notifications.id });
        inserted += ids.length;
      }
      return inserted;
    },

    /**
     * Inserts each row that is not there yet, in one statement whatever their number (their values
     * travel as one JSON parameter, so the text is prepared once): whether each row, at its
     * position, was new. A row repeating an earlier row's donor and key counts as not new.
     */
    async insertEach(rows: readonly NewNotification[]): Promise<boolean[]> {
      const values = JSON.stringify(
        rows.map((r) => ({
          user_id: r.userId,
          type: r.type,
          title: r.title,
          content: r.content,
          link: r.link,
          dedupe_key: r.dedupeKey,
          created_at: r.createdAt.toISOString(),
        })),
      );
      const inserted = rowsOf<{ user_id: number; dedupe_key: string }>(
        await db.execute(sql`
          insert into ${notifications} (user_id, type, title, content, link, dedupe_key, created_at)
          select r.user_id, r.type, r.title, r.content, r.link, r.dedupe_key, r.created_at
          from json_to_recordset(${values}::json) as r(
            user_id int, type int, title text, content text, link text, dedupe_key text, created_at timestamptz
          )
          on conflict do nothing
          returning user_id, dedupe_key`),
      );
      const fresh = new Set(inserted.map((r) => `${r.user_id} ${r.dedupe_key}`));
      return rows.map((r) => fresh.delete(`${r.userId} ${r.dedupeKey}`));
    },

    insertForAllDonors(text: BroadcastText): Promise<number> {
      return insertForAudience(text, db.select({ id: users.id }).from(users).where(activeDonor).getSQL());
    },

    /** Donors holding a live (not cancelled) registration for the campaign. */
    insertForCampaignDonors(text: BroadcastText, campaignId: number): Promise<number> {
      return insertForAudience(
        text,
        db
          .selectDistinct({ id: users.id })
          .from(users)
          .innerJoin(appointments, eq(appointments.userId, users.id))
          .where(
            and(activeDonor, eq(appointments.campaignId, campaignId), ne(appointments.status, 'CANCELLED')),
          )
          .getSQL(),
      );
    },

    /** An appointment with its campaign (for confirmation and cancellation notices). */
    async findAppointment(appointmentId: number) {
      const [row] = await db
        .select({ appointment: appointments, campaign: campaigns })
        .from(appointments)
        .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
        .where(eq(appointments.id, appointmentId))
        .limit(1);
      return row;
    },

    async findNews(newsId: number) {
      const [row] = await db
        .select()
        .from(news)
        .where(and(eq(news.id, newsId), eq(news.isPublished, true)))
        .limit(1);
      return row;
    },

    async findCampaign(campaignId: number) {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
      return row;
    },

    /** Published campaigns starting within (from, to]: the few that may need a reminder now. */
    async campaignsStartingBetween(from: Date, to: Date) {
      return db
        .select()
        .from(campaigns)
        .where(
          and(
            eq(campaigns.isPublished, true),
            gt(campaigns.organizeTime, from),
            lte(campaigns.organizeTime, to),
          ),
        )
        .orderBy(asc(campaigns.organizeTime));
    },

    /**
     * Up to `limit` BOOKING appointments of the campaign whose donor has no notification with
     * the given key yet (`keyPrefix` + appointment id). Asking only for what is missing lets a
     * batch loop make progress and lets a second process pick up where a first one stopped.
     */
    async bookingsWithout(campaignId: number, keyPrefix: string, limit: number, createdBefore?: Date) {
      return db
        .select({
          id: appointments.id,
          userId: sql<number>`${appointments.userId}`,
          slotStart: appointments.slotStart,
        })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .where(
          and(
            eq(appointments.campaignId, campaignId),
            eq(appointments.status, 'BOOKING'),
            eq(users.enabled, true),
            createdBefore ? lte(appointments.createdAt, createdBefore) : undefined,
            noNoticeYet(keyPrefix),
          ),
        )
        .orderBy(asc(appointments.id))
        .limit(limit);
    },

    /**
     * Donations (DONE/COMPLETED) recorded in [from, to) that are the donor's latest and
     * have no 'donate again' notice yet.
     */
    async latestDonationsBetween(from: Date, to: Date, keyPrefix: string, limit: number) {
      const later = alias(appointments, 'later');
      return db
        .select({
          id: appointments.id,
          userId: sql<number>`${appointments.userId}`,
          donatedAt: appointments.donatedAt,
        })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .where(
          and(
            inArray(appointments.status, ['DONE', 'COMPLETED']),
            isNotNull(appointments.donatedAt),
            gte(appointments.donatedAt, from),
            lt(appointments.donatedAt, to),
            eq(users.enabled, true),
            notExists(
              db
                .select({ one: sql`1` })
                .from(later)
                .where(
                  and(
                    eq(later.userId, appointments.userId),
                    inArray(later.status, ['DONE', 'COMPLETED']),
                    gt(later.donatedAt, appointments.donatedAt),
                  ),
                ),
            ),
            noNoticeYet(keyPrefix),
          ),
        )
        .orderBy(asc(appointments.id))
        .limit(limit);
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
