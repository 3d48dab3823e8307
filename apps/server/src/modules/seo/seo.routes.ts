import { API, INDEXABLE_PAGES, PAGES } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Pages that only make sense for a logged-in donor or inside a flow started by e-mail: search
 * engines should not crawl them (they also carry `noindex` in their HTML).
 */
export const PRIVATE_PATHS = [
  PAGES.profile,
  PAGES.changePassword,
  PAGES.notifications,
  PAGES.donationRegistration,
  PAGES.otp,
  PAGES.resetPassword,
  PAGES.staffWelcome,
  // The appeals that reached a donor (their list and each appeal).
  PAGES.appeals,
  '/dev/',
  '/api/',
] as const;

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}${API.sitemap}`,
    '',
  ].join('\n');
}

export function renderSitemap(publicUrl: string, news: { id: number; createdAt: Date }[]): string {
  const url = (loc: string, extra = '') =>
    `  <url><loc>${xmlEscape(`${publicUrl}${loc}`)}</loc>${extra}</url>`;
  const lines = [
    ...INDEXABLE_PAGES.map((p) =>
      url(p, p === PAGES.home || p === PAGES.news ? '<changefreq>daily</changefreq>' : ''),
    ),
    ...news.map((n) =>
      url(PAGES.newsDetail(n.id), `<lastmod>${n.createdAt.toISOString().slice(0, 10)}</lastmod>`),
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** The news items the sitemap lists (app.ts reads them from the news module). */
export type SitemapNews = () => Promise<{ id: number; createdAt: Date }[]>;

/**
 * robots.txt and sitemap.xml: ordinary routes, so they answer before the SPA's not-found fallback
 * ever sees the path. The sitemap's news come from `sitemapNews`, so this module imports no other.
 */
export async function seoRoutes(app: FastifyInstance, { sitemapNews }: { sitemapNews: SitemapNews }) {
  app.get(
    API.robots,
    { schema: { tags: ['seo'], summary: 'robots.txt: trang riêng tư bị loại khỏi máy tìm kiếm' } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(renderRobots(app.config.publicUrl)),
  );

  app.get(
    API.sitemap,
    { schema: { tags: ['seo'], summary: 'sitemap.xml: các trang công khai và mọi tin tức' } },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(renderSitemap(app.config.publicUrl, await sitemapNews())),
  );
}
