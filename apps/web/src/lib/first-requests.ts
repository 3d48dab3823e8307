import { STORAGE_KEYS } from './storage-keys';
import { tokenExpiresAt } from './token-expiry';

/**
 * The first data of a page behind the login, asked for by the entry (boot.ts) as soon as the page
 * has arrived, beside the application's download, instead of once the application and the route's
 * code have run (ADR 55). The server names the requests in the page, in
 * `<script type="application/json" id={FIRST_REQUESTS_ID}>` (app/first-requests-of.ts); the API
 * client takes each answer for the same GET sent with the same token, once.
 *
 * Imported by the entry and by the API client: it is part of the entry, before the first paint,
 * so it imports nothing but the storage keys and the token's expiry.
 */
export const FIRST_REQUESTS_ID = 'giot-hong-first-requests';

/**
 * One GET of a page's first view: its address with its query, whether it carries the access
 * token, and the hashes it belongs to when it is one tab's (`''` for no hash); absent, every one.
 */
export type FirstRequest = { url: string; auth: boolean; hashes?: string[] };

/** How long an answer may wait for the application: after that, it asks again. */
const KEPT_MS = 60_000;

const started = new Map<string, Promise<Response>>();
let keptUntil = 0;

const keyOf = (url: string, token: string | null) => `${token ?? ''} ${url}`;

/**
 * Sends the requests the page names for `hash`, with the stored access token. Nothing is sent
 * without a token that is still valid for a while: the application would refresh it first, and
 * a request with the old one would only be answered 401.
 */
export function startFirstRequests(
  doc: Document,
  storage: () => Storage,
  hash: string,
  now = Date.now(),
): void {
  const list = doc.getElementById(FIRST_REQUESTS_ID);
  if (!list) return;
  let token: string | null;
  try {
    // Reading local storage throws where the browser forbids it.
    token = storage().getItem(STORAGE_KEYS.accessToken);
  } catch {
    return;
  }
  if (!token || tokenExpiresAt(token) < now + 10_000) return;
  let requests: FirstRequest[];
  try {
    requests = JSON.parse(list.textContent || '[]') as FirstRequest[];
  } catch {
    return;
  }
  keptUntil = now + KEPT_MS;
  for (const r of requests) {
    if (r.hashes && !r.hashes.includes(hash)) continue;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (r.auth) headers.Authorization = `Bearer ${token}`;
    const response = fetch(r.url, { headers });
    // A failure is the API client's to see, when it takes the answer (it then asks again).
    response.catch(() => undefined);
    started.set(keyOf(r.url, r.auth ? token : null), response);
  }
}

/**
 * The answer the entry asked for to this GET, sent with `token` (null: without one), if it is
 * still to be taken; it is taken once. Undefined otherwise: the caller sends the request itself.
 */
export function takeFirstResponse(url: string, token: string | null): Promise<Response> | undefined {
  if (started.size === 0) return undefined;
  if (Date.now() > keptUntil) {
    started.clear();
    return undefined;
  }
  const key = keyOf(url, token);
  const response = started.get(key);
  started.delete(key);
  return response;
}

/**
 * Forgets the answers not taken yet. Called when the application sends a change: an answer asked
 * for before it would show the data as it was.
 */
export function dropFirstResponses(): void {
  started.clear();
}
