import type { QueryClient } from '@tanstack/react-query';

/**
 * The data a server-rendered page was rendered with: query keys and their data, exactly as the
 * API answers them. The server writes it as JSON into `<script type="application/json"
 * id="ssr-data">` (not executable, so the strict CSP holds); the browser puts it into its query
 * cache before hydrating, so the page does not fetch it again.
 */
export const SSR_DATA_ID = 'ssr-data';

export type SsrQuery = { key: readonly unknown[]; data: unknown };

export function fillQueryCache(client: QueryClient, queries: readonly SsrQuery[]) {
  for (const q of queries) client.setQueryData(q.key, q.data);
}
