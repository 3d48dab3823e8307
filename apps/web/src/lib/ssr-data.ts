import type { QueryClient } from '@tanstack/react-query';

/**
 * The data a server-rendered page was rendered with: query keys and their data, exactly as the
 * API answers them. The server writes it as JSON into `<script type="application/json"
 * id="ssr-data">` (not executable, so the strict CSP holds); the browser puts it into its query
 * cache before hydrating, so the page does not fetch it again.
 */
export const SSR_DATA_ID = 'ssr-data';

/**
 * The public data of a page behind the login, in the same form, carried by its frame (the
 * wizard's open campaigns): the browser puts it into its query cache before it renders the page in
 * the frame's place, which then needs no request for it. Another id than `SSR_DATA_ID`: the page is
 * rendered, not hydrated (main.tsx).
 */
export const FRAME_DATA_ID = 'frame-data';

export type SsrQuery = { key: readonly unknown[]; data: unknown };

export function fillQueryCache(client: QueryClient, queries: readonly SsrQuery[]) {
  for (const q of queries) client.setQueryData(q.key, q.data);
}
