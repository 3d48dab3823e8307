import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { throttleCounters } from '../../db/schema/index.ts';

export type ThrottleRow = typeof throttleCounters.$inferSelect;

/**
 * Counters in the database, so every server process sees the same numbers. Each change runs in
 * a transaction holding the row lock: concurrent requests are counted one after another and a
 * burst cannot slip past a check made before the others were recorded.
 */
export function createThrottleRepository(db: Db) {
  return {
    async mutate<T>(
      key: string,
      now: Date,
      change: (current: ThrottleRow) => { next: ThrottleRow | null; result: T },
    ): Promise<T> {
      // Most keys have no counter yet (a first login, a first request from an address): then the
      // change applied to an empty counter is inserted by one atomic statement. Only when a row
      // exists (or appears meanwhile) does the locked read-modify-write below run.
      const empty: ThrottleRow = { key, count: 0, windowStart: now, blockedUntil: null };
      const first = change(empty);
      if (first.next !== null) {
        const inserted = await db
          .insert(throttleCounters)
          .values({
            key,
            count: first.next.count,
            windowStart: first.next.windowStart,
            blockedUntil: first.next.blockedUntil,
          })
          .onConflictDoNothing()
          .returning({ key: throttleCounters.key });
        if (inserted.length > 0) return first.result;
      }
      return db.transaction(async (tx) => {
        await tx.insert(throttleCounters).values({ key, count: 0, windowStart: now }).onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(throttleCounters)
          .where(eq(throttleCounters.key, key))
          .for('update');
        const { next, result } = change(row!);
        if (next === null) await tx.delete(throttleCounters).where(eq(throttleCounters.key, key));
        else
          await tx
            .update(throttleCounters)
            .set({ count: next.count, windowStart: next.windowStart, blockedUntil: next.blockedUntil })
            .where(eq(throttleCounters.key, key));
        return result;
      });
    },
    async get(key: string): Promise<ThrottleRow | undefined> {
      const [row] = await db.select().from(throttleCounters).where(eq(throttleCounters.key, key)).limit(1);
      return row;
    },
    async remove(key: string): Promise<void> {
      await db.delete(throttleCounters).where(eq(throttleCounters.key, key));
    },
    /** Counters whose window began before `before` and that block nothing any more. */
    async deleteStale(before: Date, now: Date): Promise<void> {
      await db
        .delete(throttleCounters)
        .where(
          and(
            lt(throttleCounters.windowStart, before),
            or(isNull(throttleCounters.blockedUntil), lt(throttleCounters.blockedUntil, now)),
          ),
        );
    },
    /** For tests and diagnostics. */
    async count(): Promise<number> {
      const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(throttleCounters);
      return r?.n ?? 0;
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
