import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  messageDeliveries,
  notificationPreferences,
  notificationQuietHours,
  notifications,
  pushSubscriptions,
} from '../../db/schema/index.ts';

export type NewDelivery = {
  userId: number;
  kind: string;
  channel: 'EMAIL' | 'PUSH';
  messageKey: string;
  payload: unknown;
  createdAt: Date;
  dueAt: Date;
  /** Set when the caller sends it itself, at once (the row only keeps it from going twice). */
  sentAt: Date | null;
};

export type TakenDelivery = {
  id: number;
  userId: number;
  kind: string;
  channel: 'EMAIL' | 'PUSH';
  messageKey: string;
  payload: unknown;
};

/** The dispatcher's tables: the donors' choices, quiet hours, and each e-mail and push it made. */
export function createDispatcherRepository(db: Db) {
  return {
    async choices(userId: number) {
      return db
        .select({
          kind: notificationPreferences.kind,
          channel: notificationPreferences.channel,
          enabled: notificationPreferences.enabled,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    async quietHours(userId: number) {
      const [row] = await db
        .select({ start: notificationQuietHours.start, end: notificationQuietHours.end })
        .from(notificationQuietHours)
        .where(eq(notificationQuietHours.userId, userId));
      return row;
    },

    /** Stores every choice and the quiet hours, in one transaction. */
    async save(
      userId: number,
      choices: { kind: string; channel: string; enabled: boolean }[],
      quiet: { start: string; end: string },
      at: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (choices.length)
          await tx
            .insert(notificationPreferences)
            .values(choices.map((c) => ({ userId, ...c, updatedAt: at })))
            .onConflictDoUpdate({
              target: [
                notificationPreferences.userId,
                notificationPreferences.kind,
                notificationPreferences.channel,
              ],
              set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
            });
        await tx
          .insert(notificationQuietHours)
          .values({ userId, ...quiet, updatedAt: at })
          .onConflictDoUpdate({
            target: notificationQuietHours.userId,
            set: { start: quiet.start, end: quiet.end, updatedAt: at },
          });
      });
    },

    /** Records a delivery unless this message already has one on this channel; true when recorded. */
    async insertDelivery(d: NewDelivery): Promise<boolean> {
      const rows = await db
        .insert(messageDeliveries)
        .values({ ...d, payload: d.payload as object })
        .onConflictDoNothing()
        .returning({ id: messageDeliveries.id });
      return rows.length === 1;
    },

    /**
     * The donors' newest portal notifications that have no push delivery yet, for donors with a
     * push subscription made before the notification (a new device gets no old news).
     */
    async notificationsToPush(since: Date, limit: number) {
      const result = await db.execute(sql`
        select n.id, n.user_id as "userId", n.type, n.title, n.content, n.link,
          coalesce(n.dedupe_key, 'notification:' || n.id::text) as "messageKey"
        from (select user_id, min(created_at) as subscribed_at from ${pushSubscriptions} group by user_id) s
        -- From the (few) donors with a device to their recent notifications (user_id, created_at
        -- index): never a scan of every donor's notifications of the day.
        join ${notifications} n on n.user_id = s.user_id
          and n.created_at >= greatest(s.subscribed_at, ${since.toISOString()}::timestamptz)
        where not exists (select 1 from ${messageDeliveries} d
                          where d.user_id = n.user_id and d.channel = 'PUSH'
                            and d.message_key = coalesce(n.dedupe_key, 'notification:' || n.id::text))
        order by n.id
        limit ${limit}`);
      return rowsOf<{
        id: number;
        userId: number;
        type: number;
        title: string;
        content: string;
        link: string | null;
        messageKey: string;
      }>(result);
    },

    /**
     * Takes up to `limit` due deliveries and marks them sent, in one statement: rows another
     * process is taking are skipped (FOR UPDATE SKIP LOCKED), so each goes once.
     */
    async takeDue(now: Date, limit: number): Promise<TakenDelivery[]> {
      const result = await db.execute(sql`
        with taken as (
          select id from ${messageDeliveries}
          where sent_at is null and due_at <= ${now.toISOString()}::timestamptz
          order by due_at, id
          limit ${limit}
          for update skip locked
        )
        update ${messageDeliveries} d set sent_at = ${now.toISOString()}::timestamptz
        from taken where d.id = taken.id
        returning d.id, d.user_id as "userId", d.kind, d.channel, d.message_key as "messageKey", d.payload`);
      return rowsOf<TakenDelivery>(result);
    },

    /** What is held for a donor (tests, and the donor's data export could list it). */
    async deliveriesOf(userId: number) {
      return db
        .select()
        .from(messageDeliveries)
        .where(eq(messageDeliveries.userId, userId))
        .orderBy(asc(messageDeliveries.id));
    },

    async subscriptionsOf(userId: number) {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id));
    },

    async markPushed(ids: number[], at: Date) {
      if (ids.length === 0) return;
      await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(inArray(pushSubscriptions.id, ids));
    },

    /** A push service said the subscription is gone (404/410). */
    async removeSubscription(id: number, userId: number) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
    },
  };
}
export type DispatcherRepository = ReturnType<typeof createDispatcherRepository>;
