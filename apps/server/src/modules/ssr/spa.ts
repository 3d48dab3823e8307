import fastifyStatic from '@fastify/static';
import {
  carriesPageSession,
  CHAPTER_CONTACT_META,
  isKnownPage,
  PAGE_SESSION_COOKIE,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../mail/templates.ts';
import { renderHeadTags, staticPageMeta, type PageMeta, type PageMetaResolver } from '../seo/page-meta.ts';
import { isApiPath } from '../../plugins/errors.ts';
import { notFoundBody } from '../../lib/envelope.ts';
import { appendVary } from '../../plugins/compression.ts';
import { createPreloadHints, NO_LINKS } from '../../plugins/preload-hints.ts';
import { registerBuildAssets } from './build-assets.ts';
import { createPageRenderer } from './page-renderer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pageMetaResolvers: PageMetaResolver[];
  }
}

/**
 * Where each page's head tags go. Between the two markers of index.html is the bare shell's own
 * title (the site's name): what the service worker's copy of the shell shows offline until the page
 * names itself. A served page gets its tags in place of both markers and that default.
 */
const HEAD_REGION = /<!--app-head-->(?:[\s\S]*?<!--\/app-head-->)?/;
/** The value of the cookie `name` in a Cookie header, if there is one. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** The service worker and the web app manifest (ADR 34): checked with the server at every visit. */
const SERVICE_WORKER_FILES = new Set(['sw.js', 'manifest.webmanifest']);
const ROOT = '<div id="root"></div>';

/**
 * Serves the built SPA. Hashed assets are immutable and precompressed; every page answers index.html with its own
 * title and Open Graph tags injected, so link previews work before any script runs. Unknown
 * paths still get the SPA (which shows the 404 page) but with status 404.
 */
export async function registerSpa(app: FastifyInstance) {
  app.decorate('pageMetaResolvers', [] as PageMetaResolver[]);
  const dist = app.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (!hasBuild) app.log.warn('web build not found; run `npm run build` to serve the portal');

  if (hasBuild) {
    // The hashed assets (nine in ten of the build's files) under one route, from a listing made
    // once and their bytes kept (build-assets.ts). A name that is not there falls to the page
    // handler below (404).
    registerBuildAssets(app, path.join(dist, 'assets'));
    // The few files at the top (the service worker, the manifest, icons, pictures): a route each, so
    // that every other path goes to the page handler without a look at the disk.
    await app.register(fastifyStatic, {
      index: false,
      // The build writes file.br and file.gz beside each file (vite.config.ts): sent by
      // Accept-Encoding, with Vary, never compressed per request.
      preCompressed: true,
      root: dist,
      wildcard: false,
      // Served by the route above; the compressed copies are found beside their file, not by route.
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
      // dist/.vite holds the build manifest: not for the public.
      allowedPath: (pathName) => !pathName.startsWith('/.vite'),
      setHeaders(res, filePath) {
        if (SERVICE_WORKER_FILES.has(path.relative(dist, filePath))) {
          // Asked again at every visit: a new version reaches the browser at its next visit, not in an hour.
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  // Every page carries the chapter's contact details (footer, contact page, terms), so they come
  // from the configuration without a request of their own and without being built into the bundle.
  const chapterContactTag = `<meta name="${CHAPTER_CONTACT_META}" content="${escapeHtml(
    JSON.stringify(app.config.chapterContact),
  )}">`;
  const template = hasBuild ? readFileSync(indexFile, 'utf8') : '';
  const preloadHints = createPreloadHints(dist);
  // Public pages arrive rendered, with their data (ADR 0019).
  const renderPage = hasBuild ? await createPageRenderer(app) : async () => undefined;

  async function metaFor(pathname: string, request: FastifyRequest): Promise<PageMeta> {
    for (const resolve of app.pageMetaResolvers) {
      const meta = await resolve(pathname, request);
      if (meta) return meta;
    }
    return staticPageMeta(pathname);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request.id));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Chưa có bản build của giao diện web. Chạy `npm run build`.');
    }
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (path.extname(pathname) && !pathname.startsWith('/tin-tuc/')) {
      // A missing file (old asset, typo): never answer HTML for it.
      return reply.status(404).type('text/plain; charset=utf-8').send('Không tìm thấy');
    }
    const known = isKnownPage(pathname);
    const meta = known
      ? await metaFor(pathname, request)
      : { ...staticPageMeta('/404'), title: 'Không tìm thấy trang' };
    const { hints, stylesheets } = known && !meta.notFound ? preloadHints(pathname) : NO_LINKS;
    // A console or profile page's document may carry the session (the cookie the web app writes,
    // ADR 71 and 72).
    const token = carriesPageSession(pathname)
      ? cookieValue(request.headers.cookie, PAGE_SESSION_COOKIE)
      : undefined;
    let page: Awaited<ReturnType<typeof renderPage>>;
    try {
      page =
        known && !meta.notFound
          ? await renderPage(request.url, token ? { token, ip: request.ip } : undefined)
          : undefined;
    } catch (err) {
      // The browser renders the page instead.
      request.log.error({ err }, 'server rendering failed');
    }
    const html = template.replace(
      HEAD_REGION,
      () =>
        `${renderHeadTags(meta, `${app.config.publicUrl}${meta.canonicalPath ?? pathname}`, app.config.publicUrl)}\n    ${chapterContactTag}` +
        (hints ? `\n    ${hints}` : ''),
    );
    const styled = stylesheets ? html.replace('</head>', () => `  ${stylesheets}\n  </head>`) : html;
    const body = page ? styled.replace(ROOT, () => `<div id="root">${page.html}</div>${page.data}`) : styled;
    // A page rendered with a session is that visitor's alone: stored nowhere, by no cache.
    if (page?.byCookie) appendVary(reply, 'Cookie');
    return reply
      .status(known && !meta.notFound ? 200 : 404)
      .header('Cache-Control', page?.personal ? 'private, no-store' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(body);
  });
}
