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

/**
 * A page's first data, read by the server with the session the page's cookie carried (ADR 71: the
 * console's campaign list; ADR 72: the profile), in the same form, and `mark`, which token it was
 * read with (`sessionMarkOf`): the browser puts it into its query cache before it renders the page
 * in place of the server's, when it holds that token.
 */
export const SESSION_DATA_ID = 'session-data';
export type SessionData = { mark: string; queries: SsrQuery[] };

export function fillQueryCache(client: QueryClient, queries: readonly SsrQuery[]) {
  for (const q of queries) client.setQueryData(q.key, q.data);
}
