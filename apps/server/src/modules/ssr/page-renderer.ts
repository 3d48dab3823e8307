import { PAGES } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { logFailure } from '../../lib/log-safe-error.ts';
import { createPageData, isServerRenderedPage, type FrameQuery, type PageQuery } from './page-data.ts';
import { RENDERER_WARM_UP_DELAY_MS } from './renderer-warm-up.ts';

/** What `apps/web/src/entry-server.tsx` exports (built into apps/web/dist-ssr by `npm run build`). */
type ServerEntry = {
  render(url: string, queries: readonly PageQuery[]): Promise<string>;
  isFramePage(pathname: string): boolean;
  renderFrame(url: string, queries: readonly PageQuery[]): Promise<string | undefined>;
  firstRequestsOf(pathname: string): { url: string; auth: boolean }[];
  sessionQueriesOf(pathname: string): SessionQuery[] | undefined;
  sessionMarkOf(token: string): string;
  SSR_DATA_ID: string;
  FRAME_DATA_ID: string;
  SESSION_DATA_ID: string;
  FIRST_REQUESTS_ID: string;
};

/**
 * A request the server sends for a page with the session its document request carried (ADR 71,
 * 72): its address, the key of the query its answer fills in the browser, and how that query turns
 * the answer's `data` into what it keeps, where it does.
 */
type SessionQuery = { url: string; key: readonly unknown[]; dataOf?: (data: unknown) => unknown };

/**
 * A rendered page: the HTML inside `#root`, and the `<script>` carrying its data; for the frame of
 * a page behind the login, the requests of its first data, which the browser's entry sends with the
 * session it holds as soon as the page has arrived (ADR 55), and the public data it shows (ADR 59).
 */
export type RenderedPage = {
  html: string;
  data: string;
  /** Rendered with the data of the session the request carried (ADR 71): for that visitor alone. */
  personal?: boolean;
  /** A page rendered with the session its cookie carries, when it carries one (`Vary: Cookie`). */
  byCookie?: boolean;
};

/** The session a page's document request carried (its cookie, ADR 71), and who sent it. */
export type PageSession = { token: string; ip: string };

/** How long a rendered page is reused for the same address and the same data. */
export const RENDER_CACHE_TTL_MS = 30_000;
const RENDER_CACHE_MAX = 200;

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), `>`, `&`, and no U+2028/U+2029 (line breaks for JavaScript parsers). `JSON.parse` reads
 * the escapes back as the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Where the build puts the server renderer: beside the browser build. */
export const serverEntryPath = (webDist: string) => path.resolve(webDist, '../dist-ssr/entry-server.js');

/**
 * Renders the public pages on the server (ADR 0019): data through the services, React's HTML from
 * the web app's server bundle. Rendered pages are kept briefly per address and data version (a
 * hash of the data), so a busy landing page renders once per change of its campaigns, and
 * concurrent requests for the same page share one rendering. The pages behind the login get their
 * frame (ADR 0043): rendered without a session or data, the same for every visitor, kept per address
 * like the others. Returns undefined for the other pages (the account pages, a donor's appeal…),
 * or when there is no server bundle (the page is then client-rendered).
 */
export async function createPageRenderer(app: FastifyInstance) {
  const file = serverEntryPath(app.config.webDist);
  if (!existsSync(file)) {
    app.log.warn('server rendering bundle not found; public pages are rendered in the browser');
    return async () => undefined;
  }
  // React's server renderer and the pages' bundle are not loaded while the server starts: they are
  // a third of an idle process's memory and a share of its start. Loading them and rendering a first
  // page costs about a second of CPU here (ADR 63), which the first visitor after every start or
  // deploy used to wait for. So they load in the background shortly after the server listens (the
  // readiness probe and the requests already waiting are answered first), with the frame of a page
  // that needs no data; a page asked before or meanwhile shares the same loading. A server that only
  // answers injected requests (the API tests) loads them with the first page it is asked.
  let loading: Promise<ServerEntry> | undefined;
  const loadEntry = () =>
    (loading ??= (import(pathToFileURL(file).href) as Promise<ServerEntry>).catch((err: unknown) => {
      loading = undefined; // the next page tries again; this one is rendered in the browser
      throw err;
    }));
  let warmUp: NodeJS.Timeout | undefined;
  app.addHook('onListen', () => {
    warmUp = setTimeout(() => {
      loadEntry()
        .then((entry) => entry.renderFrame(PAGES.notifications, []))
        .catch((err: unknown) => logFailure(app.log, err, 'page renderer warm-up failed'));
    }, RENDERER_WARM_UP_DELAY_MS).unref();
  });
  app.addHook('onClose', () => clearTimeout(warmUp));
  const pageData = createPageData(app);
  const cache = new Map<string, { page: Promise<RenderedPage | undefined>; expiresAt: number }>();

  /** The cached rendering under `key`, or `render()`'s, kept for the next requests. */
  function cached(key: string, render: () => Promise<RenderedPage | undefined>) {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now) return hit.page;
    const page = render();
    // Failures are not kept: the next request tries again.
    page.catch(() => cache.delete(key));
    if (cache.size >= RENDER_CACHE_MAX) {
      for (const [k, v] of cache) if (v.expiresAt <= now || cache.size >= RENDER_CACHE_MAX) cache.delete(k);
    }
    cache.set(key, { page, expiresAt: now + RENDER_CACHE_TTL_MS });
    return page;
  }

  /**
   * The first data of a page read for the session its document request carried (ADR 71, 72):
   * each of the page's first requests sent through the application itself with that token, so that
   * the same routes, role checks and limits answer as they would the browser. Undefined when any is
   * not answered 200 (an expired token, a donor's): the page then comes as its frame.
   */
  async function readWithSession(
    list: SessionQuery[],
    session: PageSession,
  ): Promise<FrameQuery[] | undefined> {
    const answers = await Promise.all(
      list.map(({ url }) =>
        app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
          remoteAddress: session.ip,
        }),
      ),
    );
    if (answers.some((a) => a.statusCode !== 200)) return undefined;
    return list.map(({ url, key, dataOf }, i) => {
      const { data } = answers[i]!.json() as { data: unknown };
      return { key, url, data: dataOf ? dataOf(data) : data };
    });
  }

  return async (url: string, session?: PageSession): Promise<RenderedPage | undefined> => {
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const entry = await loadEntry();
    if (!isServerRenderedPage(pathname)) {
      if (!entry.isFramePage(pathname)) return undefined;
      const queries = await pageData.frame(pathname);
      // The requests whose answers the frame carries are not sent (they are public: no token).
      const carried = new Set(queries.flatMap((query) => (query.url ? [query.url] : [])));
      const carriedData = queries.map(({ key, data }) => ({ key, data }));
      const json = jsonForScript(carriedData);
      const sessionQueries = entry.sessionQueriesOf(pathname);
      const personal = session && sessionQueries && (await readWithSession(sessionQueries, session));
      if (personal) {
        // Rendered for this visitor alone, never kept; the requests it answers are not sent again.
        const answered = new Set(personal.map((query) => query.url));
        const requests = entry
          .firstRequestsOf(pathname)
          .filter((r) => !(r.auth ? answered : carried).has(r.url));
        const sessionData = {
          mark: entry.sessionMarkOf(session.token),
          queries: personal.map(({ key, data }) => ({ key, data })),
        };
        const html = await entry.renderFrame(url, [...carriedData, ...sessionData.queries]);
        if (html === undefined) return undefined;
        return {
          html,
          personal: true,
          byCookie: true,
          data:
            `<script type="application/json" id="${entry.FIRST_REQUESTS_ID}">${jsonForScript(requests)}</script>` +
            (queries.length
              ? `<script type="application/json" id="${entry.FRAME_DATA_ID}">${json}</script>`
              : '') +
            `<script type="application/json" id="${entry.SESSION_DATA_ID}">${jsonForScript(sessionData)}</script>`,
        };
      }
      const requests = entry.firstRequestsOf(pathname).filter((r) => r.auth || !carried.has(r.url));
      const frame = cached(`frame\n${url}\n${createHash('sha1').update(json).digest('base64url')}`, () =>
        entry.renderFrame(url, carriedData).then((html) =>
          html === undefined
            ? undefined
            : {
                html,
                data:
                  `<script type="application/json" id="${entry.FIRST_REQUESTS_ID}">${jsonForScript(requests)}</script>` +
                  (queries.length
                    ? `<script type="application/json" id="${entry.FRAME_DATA_ID}">${json}</script>`
                    : ''),
              },
        ),
      );
      // A page the server would render with a session differs by the cookie, even without one.
      return sessionQueries ? frame.then((page) => page && { ...page, byCookie: true }) : frame;
    }
    const queries = await pageData.page(pathname, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)));
    if (!queries) return undefined;
    const json = jsonForScript(queries);
    return cached(`${url}\n${createHash('sha1').update(json).digest('base64url')}`, () =>
      entry.render(url, queries).then((html) => ({
        html,
        data: `<script type="application/json" id="${entry.SSR_DATA_ID}">${json}</script>`,
      })),
    );
  };
}
