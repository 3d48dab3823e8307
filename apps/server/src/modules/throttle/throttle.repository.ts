import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
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
    /**
     * One statement for a login's two counters: unless `blockKey`'s counter (the address) blocks at
     * `now`, inserts `first` (the change applied to an empty counter) as `first.key`'s counter when
     * it has none yet. Answers the block's end (nothing was counted), or whether `first` was
     * inserted; when it was not, `first.key` already has a counter, and `mutate` counts it.
     * `alongside`, a scalar subquery, is read in the same statement (a login's account): its value
     * is answered as the driver gives it, whether or not the address blocks.
     */
    async insertUnlessBlocked(
      blockKey: string,
      first: ThrottleRow,
      now: Date,
      alongside?: SQL,
    ): Promise<{ blockedUntilMs: number | null; inserted: boolean; alongside: unknown }> {
      const at = now.toISOString();
      const result = await db.execute(sql`
        with blocked as (
          select blocked_until from ${throttleCounters}
          where ${throttleCounters.key} = ${blockKey} and ${throttleCounters.blockedUntil} > ${at}::timestamptz
        ), counted as (
          insert into ${throttleCounters} (key, count, window_start, blocked_until)
          select ${first.key}, ${first.count}, ${first.windowStart.toISOString()}::timestamptz,
            ${first.blockedUntil?.toISOString() ?? null}::timestamptz
          where not exists (select 1 from blocked)
          on conflict do nothing
          returning key
        )
        select (select (extract(epoch from blocked_until) * 1000)::float8 from blocked) as blocked_until_ms,
          exists (select 1 from counted) as inserted,
          ${alongside ?? sql`null`} as alongside`);
      const row = (
        result as { rows?: { blocked_until_ms: number | null; inserted: boolean; alongside: unknown }[] }
      ).rows?.[0];
      return {
        blockedUntilMs: row?.blocked_until_ms ?? null,
        inserted: row?.inserted === true,
        alongside: row?.alongside ?? null,
      };
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
