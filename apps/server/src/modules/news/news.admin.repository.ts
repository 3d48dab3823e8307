import { and, desc, eq, ilike, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';
import { news, newsThumbnails } from '../../db/schema/index.ts';

export type AdminNewsRow = typeof news.$inferSelect;
export type NewsFields = {
  title: string;
  content: string;
  searchText: string;
  createdAt?: Date;
  notifyDonors: boolean;
};

export function createNewsAdminRepository(db: Db) {
  return {
    /**
     * What audit rows are written with when no transaction is open: insert-only, so every read and
     * change of the service still goes through the methods below.
     */
    auditWriter: db as AuditWriter,
    transaction: db.transaction.bind(db),

    /** Every item (drafts and scheduled ones too), newest publication time first. */
    async list(foldedSearch?: string) {
      return db
        .select()
        .from(news)
        .where(
          foldedSearch
            ? ilike(news.searchText, `%${foldedSearch.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
            : undefined,
        )
        .orderBy(desc(news.createdAt), desc(news.id))
        .limit(500);
    },

    async find(id: number): Promise<AdminNewsRow | undefined> {
      const [row] = await db.select().from(news).where(eq(news.id, id)).limit(1);
      return row;
    },

    async insert(tx: Pick<Db, 'insert'>, v: NewsFields & { createdBy: string }, now: Date) {
      const [row] = await tx
        .insert(news)
        .values({ ...v, isPublished: false, createdAt: v.createdAt ?? now, updatedAt: now })
        .returning({ id: news.id });
      return row!.id;
    },

    async update(tx: Pick<Db, 'update'>, id: number, v: NewsFields, now: Date) {
      await tx
        .update(news)
        .set({ ...v, updatedAt: now })
        .where(eq(news.id, id));
    },

    async setPublished(tx: Pick<Db, 'update'>, id: number, published: boolean, createdAt: Date, now: Date) {
      await tx.update(news).set({ isPublished: published, createdAt, updatedAt: now }).where(eq(news.id, id));
    },

    /**
     * Takes the items whose donors are due a notification (published, time passed, asked for,
     * not notified yet) and marks them notified in the same statement, so of two processes only
     * one gets an item. Returns their ids.
     */
    async claimDueNotifications(now: Date, id?: number): Promise<number[]> {
      const rows = await db
        .update(news)
        .set({ notifiedAt: now })
        .where(
          and(
            id === undefined ? undefined : eq(news.id, id),
            eq(news.isPublished, true),
            eq(news.notifyDonors, true),
            isNull(news.notifiedAt),
            lte(news.createdAt, now),
          ),
        )
        .returning({ id: news.id });
      return rows.map((r) => r.id);
    },

    /** Replaces the thumbnail's widths and points the item at the largest. */
    async saveThumbnail(id: number, images: { width: number; content: Buffer }[], url: string, now: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(newsThumbnails).where(eq(newsThumbnails.newsId, id));
        await tx
          .insert(newsThumbnails)
          .values(images.map((i) => ({ newsId: id, ...i, mimeType: 'image/webp', updatedAt: now })));
        await tx.update(news).set({ thumbnailUrl: url, updatedAt: now }).where(eq(news.id, id));
      });
    },

    async thumbnail(id: number, width: number) {
      const [row] = await db
        .select({ content: newsThumbnails.content, mimeType: newsThumbnails.mimeType })
        .from(newsThumbnails)
        .where(and(eq(newsThumbnails.newsId, id), eq(newsThumbnails.width, width)))
        .limit(1);
      return row;
    },
  };
}
export type NewsAdminRepository = ReturnType<typeof createNewsAdminRepository>;
