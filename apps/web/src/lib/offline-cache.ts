// The contract's path modules alone (no zod): this file is part of the service worker too.
import { API } from '@giot-hong/contract/api-paths';
import { INDEXABLE_PAGES, PAGES } from '@giot-hong/contract/pages';

/**
 * What the service worker (src/sw.ts) may keep for offline use, shared with the page, which
 * deletes other accounts' copies at login and logout (lib/pwa-accounts.ts). ADR 34.
 */

/** Every cache holding one account's answers starts with this; the rest of the name is opaque. */
export const PERSONAL_CACHE_PREFIX = 'giothong-personal-';
/** Server-rendered public pages, same for everyone (the server never renders personal data). */
export const PAGES_CACHE_PREFIX = 'giothong-pages-';
/** Public API answers the offline app shell needs (the chapter's contact details in the footer). */
export const PUBLIC_API_CACHE = 'giothong-public-api';

/** Public API answers kept for the offline shell. */
export const PUBLIC_API_PATHS: readonly string[] = [API.chapterContact];

const appointmentDetail = new RegExp(`^${API.appointmentById('\\d+').replace(/\//g, '\\/')}$`);
// CERTIFICATE_API.pdf and DONATION_RECORD_API of the contract, whose modules carry zod schemas:
// offline-cache.test.ts checks that these stay the same.
const certificatePdf = /^\/api\/certificates\/[A-Z]{2,6}-\d{4}-\d{6}\.pdf$/;
export const DONATION_RECORD_PATHS = { mine: '/api/donations', honoursMine: '/api/honours/me' } as const;

/**
 * The donor's own answers that work offline once seen online: an appointment (its check-in code),
 * the appointment history that leads to it, the donation record with its certificates, the honours
 * and a certificate's PDF. Nothing else under /api/ is ever cached.
 */
export function isOfflinePersonalPath(pathname: string): boolean {
  return (
    appointmentDetail.test(pathname) ||
    pathname === API.appointmentsHistory ||
    pathname === DONATION_RECORD_PATHS.mine ||
    pathname === DONATION_RECORD_PATHS.honoursMine ||
    certificatePdf.test(pathname)
  );
}

const NEWS_DETAIL = new RegExp(`^${PAGES.newsDetail('\\d+').replace(/\//g, '\\/')}$`);

/**
 * Pages whose HTML may be kept: the public, server-rendered ones (ADR 19). Never the others: their
 * addresses can carry a one-time token (a password reset, a staff invitation).
 */
export function isCacheablePage(pathname: string): boolean {
  return (INDEXABLE_PAGES as readonly string[]).includes(pathname) || NEWS_DETAIL.test(pathname);
}

/** The cache of one account's answers. */
export const personalCacheName = (accountKey: string) => `${PERSONAL_CACHE_PREFIX}${accountKey}`;

/** The `sub` (user id) of an access token, read without checking it: only to pick a cache. */
function subjectOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An opaque key for the account an access token belongs to: a SHA-256 of its user id, so a cache's
 * name says nothing about the person (never the e-mail or the ID number). Undefined for a token
 * that is not a JWT. The signature is not checked here: the server checks it on every request, and
 * a forged token only picks a cache (of the forger's own making) in the forger's own browser.
 */
export async function accountKeyOf(token: string | null | undefined): Promise<string | undefined> {
  const sub = token ? subjectOf(token) : undefined;
  if (!sub) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`giothong-account:${sub}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Deletes every account's cache except `keep` (all of them when `keep` is undefined: logged out).
 * Runs in the page and in the service worker alike.
 */
export async function deletePersonalCaches(storage: CacheStorage, keep?: string): Promise<void> {
  const keepName = keep ? personalCacheName(keep) : undefined;
  const names = await storage.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX) && name !== keepName)
      .map((name) => storage.delete(name)),
  );
}

/** Messages from the page to the service worker. */
export type TServiceWorkerMessage =
  | { type: 'SKIP_WAITING' }
  /** Drop every account's cache but `keep`'s (undefined: all, after a logout). */
  | { type: 'PURGE_PERSONAL'; keep?: string };
