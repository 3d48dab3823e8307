import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bloodStockChanges, bloodStockLevels, users } from '../../db/schema/index.ts';

/** Who set a level: a staff account (the chapter) or the blood centre's key. */
export type StockSource = { kind: 'STAFF'; userId: number } | { kind: 'API'; apiKeyId: number };

export type StockSetting = { group: string; level: string; note: string | null };

export function createStockRepository(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Tx)),

    /** The current levels (at most eight rows), with the username of the staff member who set each. */
    async current() {
      return db
        .select({
          group: bloodStockLevels.bloodGroup,
          level: bloodStockLevels.level,
          note: bloodStockLevels.note,
          source: bloodStockLevels.source,
          updatedAt: bloodStockLevels.updatedAt,
          account: users.username,
        })
        .from(bloodStockLevels)
        .leftJoin(users, eq(users.id, bloodStockLevels.updatedBy));
    },

    /**
     * Sets the given groups' levels (one upsert) and appends a history row per group. A later
     * request wins: concurrent settings of one group end with one of them, each in the history.
     */
    async set(tx: Tx, settings: readonly StockSetting[], by: StockSource, at: Date, requestId: string) {
      const who = {
        source: by.kind,
        userId: by.kind === 'STAFF' ? by.userId : null,
        apiKeyId: by.kind === 'API' ? by.apiKeyId : null,
      };
      await tx
        .insert(bloodStockLevels)
        .values(
          settings.map((s) => ({
            bloodGroup: s.group,
            level: s.level,
            note: s.note,
            source: who.source,
            updatedBy: who.userId,
            apiKeyId: who.apiKeyId,
            updatedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: bloodStockLevels.bloodGroup,
          set: {
            level: sql`excluded.level`,
            note: sql`excluded.note`,
            source: sql`excluded.source`,
            updatedBy: sql`excluded.updated_by`,
            apiKeyId: sql`excluded.api_key_id`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      await tx.insert(bloodStockChanges).values(
        settings.map((s) => ({
          bloodGroup: s.group,
          level: s.level,
          note: s.note,
          source: who.source,
          changedBy: who.userId,
          apiKeyId: who.apiKeyId,
          requestId,
          changedAt: at,
        })),
      );
    },
  };
}
export type StockRepository = ReturnType<typeof createStockRepository>;
