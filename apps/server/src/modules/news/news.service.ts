import {
  foldVietnamese,
  PAGING,
  type TNews,
  type TNewsListQuery,
  type TNewsSummary,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { page } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { htmlToPlainText, sanitizeRichHtml } from '../../lib/sanitize-html.ts';
import type { NewsRepository, NewsRow } from './news.repository.ts';

export const NEWS_NOT_FOUND = 'Không tìm thấy tin tức';

export function toNewsDto(r: NewsRow): TNews {
  return {
    id: r.id,
    title: r.title,
    // Sanitised when stored; sanitised again on the way out so older rows can never carry script.
    content: sanitizeRichHtml(r.content),
    thumbnailUrl: r.thumbnailUrl,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy || 'Admin',
  };
}

export function toNewsSummaryDto(r: NewsRow): TNewsSummary {
  return {
    id: r.id,
    title: r.title,
    thumbnailUrl: r.thumbnailUrl,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy || 'Admin',
  };
}

/**
 * Very common Vietnamese syllables (folded) that say nothing about a topic. "hien" and "mau"
 * are in nearly every item of a blood-donation portal, so they do not help rank either.
 */
const STOP_WORDS = new Set([
  'cac',
  'cho',
  'cua',
  'duoc',
  'hien',
  'mau',
  'khi',
  'khong',
  'lan',
  'mot',
  'nay',
  'nguoi',
  'nhung',
  'nhu',
  'sau',
  'tai',
  'the',
  'thi',
  'cau',
  'nam',
  'ngay',
  'trong',
  'truoc',
  'voi',
  'cung',
  'den',
  'gia',
  'gi',
  'nao',
  'can',
  'biet',
  'dieu',
]);

/** Up to 8 topic words of a title, folded, for ranking related items. */
export function titleKeywords(title: string): string[] {
  const words = foldVietnamese(title)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, 8);
}

/** What gets stored for a news item: sanitised HTML and its folded search text. */
export function prepareNews(input: { title: string; content: string }) {
  const content = sanitizeRichHtml(input.content);
  return { content, searchText: foldVietnamese(`${input.title} ${htmlToPlainText(content)}`) };
}

export function createNewsService(repo: NewsRepository, clock: Clock) {
  const now = () => clock.now();
  return {
    async list(q: TNewsListQuery) {
      const { items, total } = await repo.list({
        foldedSearch: foldVietnamese(q.search),
        page: q.offset,
        limit: q.limit,
        sortBy: q.sortBy,
        sortDir: q.sortDir,
        now: now(),
      });
      return page(items.map(toNewsDto), q.offset, q.limit, total);
    },
    async get(id: number) {
      const row = await repo.findById(id, now());
      if (!row) throw notFound(NEWS_NOT_FOUND);
      return toNewsDto(row);
    },
    /** Up to 5 other items for the detail page's sidebar; 404 when the item itself does not exist. */
    async related(id: number) {
      const row = await repo.findById(id, now());
      if (!row) throw notFound(NEWS_NOT_FOUND);
      const rows = await repo.listRelated(id, titleKeywords(row.title), PAGING.relatedNewsMax, now());
      return rows.map(toNewsSummaryDto);
    },
    /** The published item, or undefined (for page meta, which must not throw). */
    async find(id: number) {
      const row = await repo.findById(id, now());
      return row ? toNewsDto(row) : undefined;
    },
    listForSitemap: () => repo.listPublishedIds(now()),
  };
}
