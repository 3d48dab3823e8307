import { MAX_DB_ID, PAGES } from '@giot-hong/contract';
import { htmlToPlainText } from '../../lib/sanitize-html.ts';
import type { PageMeta, PageMetaResolver } from '../seo/page-meta.ts';
import type { createNewsService } from './news.service.ts';

const DETAIL = new RegExp(`^${PAGES.news}/(\\d+)/?$`);
const DESCRIPTION_MAX = 160;

/** A meta description: the text of the content, cut on a word boundary. */
export function describeContent(html: string, max = DESCRIPTION_MAX): string {
  const text = htmlToPlainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:\u2013-]+$/, '')}…`; // \u2013: an en dash
}

/**
 * Link previews of /tin-tuc/{id}: the item's title, the start of its text, its thumbnail and
 * its date. An id that does not exist answers the SPA with status 404 (the page shows its error).
 */
export function createNewsPageMetaResolver(service: ReturnType<typeof createNewsService>): PageMetaResolver {
  return async (pathname) => {
    const match = DETAIL.exec(pathname);
    if (!match) return undefined;
    const id = Number(match[1]);
    const item = id >= 1 && id <= MAX_DB_ID ? await service.find(id) : undefined;
    if (!item) {
      return {
        title: 'Không tìm thấy tin tức',
        description: 'Tin tức không tồn tại hoặc đã bị gỡ.',
        noindex: true,
        notFound: true,
      };
    }
    const meta: PageMeta = {
      title: item.title,
      description: describeContent(item.content) || item.title,
      type: 'article',
      publishedTime: item.createdAt,
    };
    if (item.thumbnailUrl) meta.image = item.thumbnailUrl;
    return meta;
  };
}
