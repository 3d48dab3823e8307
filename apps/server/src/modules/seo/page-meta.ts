import { PAGES } from '@giot-hong/contract';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../mail/templates.ts';

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type?: 'website' | 'article';
  /** ISO date of an article (news item). */
  publishedTime?: string;
  noindex?: boolean;
  /** The dynamic page exists as a route but its item does not (answer 404). */
  notFound?: boolean;
  /**
   * Path (with query) for canonical and og:url when the query selects what the page shows (a
   * shared campaign): Facebook re-reads og:url, so without it every campaign would preview alike.
   */
  canonicalPath?: string;
};

/**
 * Resolves meta for a dynamic page (news item, shared campaign …); undefined = not handled. The
 * SPA (modules/ssr/spa.ts) asks each resolver of `app.pageMetaResolvers` in turn.
 */
export type PageMetaResolver = (pathname: string, request: FastifyRequest) => Promise<PageMeta | undefined>;

export const SITE_NAME = 'Giọt Hồng';
export const DEFAULT_IMAGE = '/images/og-default.png';

const STATIC_META: Record<string, PageMeta> = {
  [PAGES.home]: {
    title: 'Giọt Hồng — Hiến máu tình nguyện, cứu người',
    description:
      'Cổng hiến máu tình nguyện của Hội Chữ thập đỏ: tìm sự kiện hiến máu gần bạn, trả lời phiếu sức khỏe và đặt lịch hiến máu trực tuyến.',
  },
  [PAGES.news]: {
    title: 'Tin tức hiến máu',
    description: 'Tin tức, sự kiện và câu chuyện về hiến máu tình nguyện.',
  },
  [PAGES.faq]: {
    title: 'Câu hỏi thường gặp về hiến máu',
    description:
      'Ai có thể hiến máu, quy trình hiến máu, chăm sóc sau hiến máu và quyền lợi của người hiến máu.',
  },
  [PAGES.contact]: {
    title: 'Liên hệ',
    description: 'Địa chỉ, điện thoại, email và giờ làm việc của Giọt Hồng.',
  },
  [PAGES.terms]: {
    title: 'Điều khoản sử dụng',
    description: 'Điều khoản sử dụng, chính sách bảo mật và quy định hiến máu của Giọt Hồng.',
  },
};

/** Meta for a path that needs no database lookup; dynamic pages add resolvers in `ssr/spa.ts`. */
export function staticPageMeta(pathname: string): PageMeta {
  const meta = STATIC_META[pathname];
  if (meta) return { image: DEFAULT_IMAGE, type: 'website', ...meta };
  return {
    title: SITE_NAME,
    description: STATIC_META[PAGES.home]!.description,
    image: DEFAULT_IMAGE,
    noindex: true,
  };
}

/** The head tags for a page: title, description, canonical and Open Graph. */
export function renderHeadTags(meta: PageMeta, url: string, publicUrl: string): string {
  // 'Page | Giọt Hồng', unless the page's own title already names the site (the landing page).
  const title = meta.title.includes(SITE_NAME) ? meta.title : `${meta.title} | ${SITE_NAME}`;
  // Previews need an absolute image URL; an item without its own picture gets the site's.
  const rawImage = meta.image ?? DEFAULT_IMAGE;
  const image = /^https?:\/\//.test(rawImage)
    ? rawImage
    : `${publicUrl}${rawImage.startsWith('/') ? '' : '/'}${rawImage}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:locale" content="vi_VN">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    meta.publishedTime
      ? `<meta property="article:published_time" content="${escapeHtml(meta.publishedTime)}">`
      : '',
    `<meta name="twitter:card" content="summary_large_image">`,
    meta.noindex ? `<meta name="robots" content="noindex">` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
