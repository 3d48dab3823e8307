import { and, asc, count, desc, eq, ilike, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { news } from '../../db/schema/index.ts';

export type NewsRow = typeof news.$inferSelect;

/** Escapes LIKE wildcards so a search for '100%' means the text '100%'. */
function likeContains(folded: string) {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What donors see: published items whose publication time (`created_at`) has passed; a later
 * time schedules an item. Both columns are the index `news_published_created_idx`.
 */
const visibleAt = (now: Date) => and(eq(news.isPublished, true), lte(news.createdAt, now));

export function createNewsRepository(db: Db) {
  return {
    async list(opts: {
      foldedSearch: string;
      page: number;
      limit: number;
      sortBy: 'createdAt' | 'title';
      sortDir: 'asc' | 'desc';
      now: Date;
    }) {
      const where = and(
        visibleAt(opts.now),
        opts.foldedSearch ? ilike(news.searchText, likeContains(opts.foldedSearch)) : undefined,
      );
      const sortCol = opts.sortBy === 'title' ? news.title : news.createdAt;
      const dir = opts.sortDir === 'asc' ? asc : desc;
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(news)
          .where(where)
          .orderBy(dir(sortCol), dir(news.id))
          .limit(opts.limit)
          .offset(opts.page * opts.limit),
        db.select({ total: count() }).from(news).where(where),
      ]);
      return { items, total: totals[0]?.total ?? 0 };
    },
    async findById(id: number, now: Date): Promise<NewsRow | undefined> {
      const rows = await db
        .select()
        .from(news)
        .where(and(eq(news.id, id), visibleAt(now)))
        .limit(1);
      return rows[0];
    },
    /**
     * Other published items, those sharing the most title keywords with the current one first,
     * then the newest. Keywords are folded words ([a-z0-9]+) matched as whole words of
     * `search_text` (`\m…\M`); a few regex tests on a small table work the same on PGlite and
     * PostgreSQL (which has no full-text dictionary for Vietnamese).
     */
    async listRelated(excludeId: number, keywords: string[], limit: number, now: Date): Promise<NewsRow[]> {
      const words = keywords.filter((k) => /^[a-z0-9]+$/.test(k));
      const byTopic = words.length
        ? [
            desc(
              sql`(${sql.join(
                words.map((k) => sql`case when ${news.searchText} ~ ${`\\m${k}\\M`} then 1 else 0 end`),
                sql` + `,
              )})`,
            ),
          ]
        : [];
      return db
        .select()
        .from(news)
        .where(and(visibleAt(now), ne(news.id, excludeId)))
        .orderBy(...byTopic, desc(news.createdAt), desc(news.id))
        .limit(limit);
    },
    /** Every published item's id and date, for the sitemap. */
    async listPublishedIds(now: Date): Promise<{ id: number; createdAt: Date }[]> {
      return db
        .select({ id: news.id, createdAt: news.createdAt })
        .from(news)
        .where(visibleAt(now))
        .orderBy(desc(news.createdAt), desc(news.id));
    },
    async insert(row: typeof news.$inferInsert) {
      const [created] = await db.insert(news).values(row).returning();
      return created!;
    },
  };
}
export type NewsRepository = ReturnType<typeof createNewsRepository>;
