import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The columns a list shows, with the creator's username. */
const listed = {
  id: apiKeys.id,
  publicId: apiKeys.publicId,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  expiresOn: apiKeys.expiresOn,
  createdAt: apiKeys.createdAt,
  createdBy: users.username,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export function createApiKeysRepository(db: Db) {
  return {
    /** Audit rows of a key's use, written outside the transaction of anything else. */
    auditWriter: db as AuditWriter,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Tx)),

    async insert(tx: Tx, v: typeof apiKeys.$inferInsert): Promise<number> {
      const [row] = await tx.insert(apiKeys).values(v).returning({ id: apiKeys.id });
      return row!.id;
    },

    /** Newest first (api_keys_created_idx); keys are few, a list is all of them. */
    async list() {
      return db
        .select(listed)
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async one(id: number, tx: Tx = db) {
      const [row] = await tx
        .select(listed)
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .where(eq(apiKeys.id, id))
        .limit(1);
      return row;
    },

    /** The row a presented key names by its public part (api_keys_public_id_uq). */
    async byPublicId(publicId: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.publicId, publicId)).limit(1);
      return row;
    },

    /** Locks the key's row and marks it revoked, unless it is missing or already revoked. */
    async revoke(tx: Tx, id: number, by: number, at: Date): Promise<'revoked' | 'already' | 'missing'> {
      const [row] = await tx
        .select({ revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(eq(apiKeys.id, id))
        .for('update');
      if (!row) return 'missing';
      if (row.revokedAt) return 'already';
      await tx.update(apiKeys).set({ revokedAt: at, revokedBy: by }).where(eq(apiKeys.id, id));
      return 'revoked';
    },

    /** Each call moves `last_used_at` forward (never back, when two calls cross). */
    async touch(id: number, at: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({
          lastUsedAt: sql`greatest(coalesce(${apiKeys.lastUsedAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(apiKeys.id, id));
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
export type ListedApiKey = Awaited<ReturnType<ApiKeysRepository['list']>>[number];
