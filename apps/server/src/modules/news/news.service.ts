import { foldVietnamese, type TNews, type TNewsListQuery } from '@giot-hong/contract';
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

/** What gets stored for a news item: sanitised HTML and its folded search text. */
export function prepareNews(input: { title: string; content: string }) {
  const content = sanitizeRichHtml(input.content);
  return { content, searchText: foldVietnamese(`${input.title} ${htmlToPlainText(content)}`) };
}

export function createNewsService(repo: NewsRepository) {
  return {
    async list(q: TNewsListQuery) {
      const { items, total } = await repo.list({
        foldedSearch: foldVietnamese(q.search),
        page: q.offset,
        limit: q.limit,
        sortBy: q.sortBy,
        sortDir: q.sortDir,
      });
      return page(items.map(toNewsDto), q.offset, q.limit, total);
    },
    async get(id: number) {
      const row = await repo.findById(id);
      if (!row) throw notFound(NEWS_NOT_FOUND);
      return toNewsDto(row);
    },
  };
}
