import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { fillQueryCache, type SsrQuery } from './lib/ssr-data';

export { SSR_DATA_ID, type SsrQuery } from './lib/ssr-data';

/**
 * Renders a public page on the server (built by `vite build --ssr`, loaded by the server's SPA
 * plugin): the same routes as the browser, in a static router at `url`, with a fresh query cache
 * holding `queries`. Waits for every lazy part, so the HTML is the whole page. Renders as a visitor
 * who is not logged in (the account part of the header appears after hydration). Rejects when any
 * part fails to render: the server then sends the page without server HTML.
 */
export async function render(url: string, queries: readonly SsrQuery[]): Promise<string> {
  const client = createQueryClient();
  fillQueryCache(client, queries);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline, however large: completing outlined ones needs inline script (CSP).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : String(chunk);
  client.clear();
  if (errors.length) throw errors[0];
  // React puts a preload before the page for every picture not loaded lazily; the server already
  // names the one largest picture in <head> (preload-hints.ts), the others the browser finds itself.
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
}
