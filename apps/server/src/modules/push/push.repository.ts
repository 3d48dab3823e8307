import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The donors' push subscriptions: each donor sees and removes only their own. */
export function createPushRepository(db: Db) {
  return {
    /**
     * Stores a subscription, or renews the one with this endpoint: a browser subscribing again (new
     * keys, another donor logged in on the device) replaces what the endpoint had.
     */
    async upsert(s: {
      userId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      label: string;
      at: Date;
    }) {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({
          userId: s.userId,
          endpoint: s.endpoint,
          p256dh: s.p256dh,
          auth: s.auth,
          label: s.label,
          createdAt: s.at,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: s.userId,
            p256dh: s.p256dh,
            auth: s.auth,
            label: s.label,
            createdAt: s.at,
            lastSuccessAt: sql`null`,
          },
        })
        .returning();
      return row!;
    },

    list(userId: number): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    },

    /** Removes the donor's own subscription; another donor's id removes nothing (false). */
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length === 1;
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
