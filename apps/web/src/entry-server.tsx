import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
// React's build for web streams, not its Node build: the Node build keeps each render's request in
// an AsyncLocalStorage, and its first render turned Node's promise hooks on for the rest of the
// process, so that every promise of every request, API or page, ran a hook (ADR 69).
import { prerender as prerenderStatic } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import { FrameContext } from './lib/frame';
import { routePreloadOf } from './app/route-preloads';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { fillQueryCache, type SsrQuery } from './lib/ssr-data';

export { FRAME_DATA_ID, SESSION_DATA_ID, SSR_DATA_ID, type SsrQuery } from './lib/ssr-data';
export { sessionMarkOf } from './lib/page-session';
export { FIRST_REQUESTS_ID } from './lib/first-requests';
export { firstRequestsOf, sessionQueriesOf } from './app/first-requests-of';

/**
 * The start of what React's development build says once on Node 20, where `ArrayBuffer.prototype
 * .detached` does not exist yet (Node 22 has it): that it wrote an empty buffer and cannot tell
 * whether the buffer was detached, "a security issue if the buffer was not actually empty". Every
 * buffer the renderer writes is one React made itself and nothing transfers, so none is ever
 * detached. `npm start` runs the development build: that one message is dropped (only it, and only
 * where the property is missing), so that nobody chases a false alarm. The production build has no
 * such check.
 */
const DETACHED_NOTICE =
  'React encountered an empty buffer when writing in an environment that does not support';
if (!Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')) {
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(DETACHED_NOTICE)) return;
    error(...args);
  };
}

/**
 * Renders a public page on the server (built by `vite build --ssr`, loaded by the server's SPA
 * plugin): the same routes as the browser, in a static router at `url`, with a fresh query cache
 * holding `queries`. Renders as a visitor who is not logged in (the account part of the header
 * appears after hydration).
 */
export async function render(url: string, queries: readonly SsrQuery[]): Promise<string> {
  const client = createQueryClient();
  fillQueryCache(client, queries);
  try {
    return await prerender(url, client, <AppRoutes />);
  } finally {
    client.clear();
  }
}

/**
 * The pages behind the login a donor or staff member lands on, whose documents carry their frame:
 * the profile, the registration wizard, the notifications, the console's overview, campaigns, day
 * pages, today and donor search (the pages whose first view the app prepares as it starts).
 */
export const isFramePage = (pathname: string) => routePreloadOf(pathname) !== undefined;

/**
 * The frame of a page behind the login (`isFramePage`), or undefined for any other address. The session lives in the browser, so the page is rendered as
 * it looks before its personal data has come: the logged-in header without the account, the page's
 * heading and text, the placeholders of its data; nothing personal is in it. `queries` holds the
 * public data its first view shows, which the server reads itself (the wizard's open campaigns):
 * the frame shows it, and the browser's application starts with it. It is the same for everyone,
 * signed in or not. The browser renders the page for its session in its place (main.tsx).
 */
export async function renderFrame(
  url: string,
  queries: readonly SsrQuery[] = [],
): Promise<string | undefined> {
  const q = url.indexOf('?');
  if (!isFramePage(q === -1 ? url : url.slice(0, q))) return undefined;
  // Its other queries stay pending, as in the browser before their answers (nothing subscribes to
  // them on the server, so nothing is fetched).
  const client = createQueryClient();
  fillQueryCache(client, queries);
  try {
    return await prerender(
      url,
      client,
      <FrameContext.Provider value={true}>
        <AppRoutes />
      </FrameContext.Provider>,
    );
  } finally {
    client.clear();
  }
}

/**
 * React's HTML of `routes` at `url`. Waits for every lazy part, so the HTML is the whole page.
 * Rejects when any part fails to render: the server then sends the page without server HTML.
 */
async function prerender(url: string, client: QueryClient, routes: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderStatic(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={url}>{routes}</StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline, however large: completing outlined ones needs inline script (CSP).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0];
  // React puts a preload before the page for every picture not loaded lazily; the server already
  // names the one largest picture in <head> (preload-hints.ts), the others the browser finds itself.
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
}
