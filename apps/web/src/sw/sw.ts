/// <reference lib="webworker" />
// The portal's service worker (ADR 34), built by vite-plugin-pwa (injectManifest) into /sw.js with
// the build's file list. What it keeps:
// - the build itself (precache): an open page keeps running the version it started with, lazy
//   chunks included, until the donor accepts 'Có phiên bản mới';
// - the public, server-rendered pages, refreshed on every visit online, for reading offline;
// - one account's appointments, donation record and certificates, in a cache of that account's
//   own, deleted at logout and when another account logs in.
// Nothing else: every other /api/ answer goes to the network and nowhere else.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import {
  accountKeyOf,
  deletePersonalCaches,
  isCacheablePage,
  isOfflinePersonalPath,
  PAGES_CACHE_PREFIX,
  personalCacheName,
  PUBLIC_API_CACHE,
  PUBLIC_API_PATHS,
  type TServiceWorkerMessage,
} from '../lib/offline-cache';

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;
// No '/' → index.html or '/x' → '/x.html' guessing: pages come from the route below, and '/'
// is the server-rendered home page, not the bare app shell.
precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first visit's page is controlled at once, so what it opens is kept for offline use.
// A new version never claims pages by itself: it waits for 'Tải lại' (SKIP_WAITING below).
clientsClaim();

/**
 * The cached pages belong to one build: their HTML names that build's chunks. A new version starts
 * an empty cache (named after its index.html's revision) and drops the old one when it takes over.
 */
const shell = manifest.find((e) => typeof e !== 'string' && e.url === 'index.html');
const shellRevision = (typeof shell === 'string' ? undefined : shell?.revision) ?? 'dev';
const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${shellRevision}`;

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith(PAGES_CACHE_PREFIX) && n !== PAGES_CACHE)
            .map((n) => caches.delete(n)),
        ),
      ),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as TServiceWorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message?.type === 'PURGE_PERSONAL') event.waitUntil(deletePersonalCaches(caches, message.keep));
});

/**
 * Page loads: from the network when there is one (a public page's copy is refreshed on the way),
 * else the public page kept from an earlier visit, else the app shell, which renders any page in
 * the browser ('Bạn đang ngoại tuyến' where the page needs data it does not have).
 */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async ({ request, url }) => {
    try {
      const response = await fetch(request);
      if (response.ok && isCacheablePage(url.pathname)) {
        const copy = response.clone();
        void caches.open(PAGES_CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    } catch (error) {
      const kept = isCacheablePage(url.pathname)
        ? await caches.open(PAGES_CACHE).then((cache) => cache.match(request, { ignoreVary: true }))
        : undefined;
      const shell = kept ?? (await matchPrecache('index.html'));
      if (shell) return shell;
      throw error;
    }
  },
);

// The chapter's contact details: the offline shell's footer and contact page read them.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    PUBLIC_API_PATHS.includes(url.pathname),
  new StaleWhileRevalidate({ cacheName: PUBLIC_API_CACHE }),
);

/**
 * The donor's own appointment, history, record and certificates: from the network, and a copy in
 * the cache of the account the request's token belongs to; offline, that copy. A request without
 * a token is never answered from any account's cache. Only one account's cache exists at a time:
 * storing one account's answer deletes every other account's cache first.
 */
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && isOfflinePersonalPath(url.pathname),
  async ({ request }) => {
    const accountKey = await accountKeyOf(request.headers.get('Authorization')?.replace(/^Bearer /i, ''));
    if (!accountKey) return fetch(request);
    const cacheName = personalCacheName(accountKey);
    try {
      const response = await fetch(request);
      if (response.status === 200) {
        const copy = response.clone();
        await deletePersonalCaches(caches, accountKey);
        // The key is the address alone: the token is not stored with it (and changes every refresh).
        await caches.open(cacheName).then((cache) => cache.put(request.url, copy));
      } else if (response.status === 401 || response.status === 403 || response.status === 404) {
        // No longer this account's to see (or gone): the copy goes too.
        await caches.open(cacheName).then((cache) => cache.delete(request.url));
      }
      return response;
    } catch (error) {
      const kept = await caches
        .open(cacheName)
        .then((cache) => cache.match(request.url, { ignoreVary: true }));
      if (kept) return kept;
      throw error;
    }
  },
);

/** A Web Push message from the portal (server side: the notifications module). */
type TPushPayload = { title?: unknown; body?: unknown; url?: unknown };

/** Only a path of this portal opens from a notification: anything else opens the home page. */
function samePortalPath(url: unknown): string {
  if (typeof url !== 'string') return '/';
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? `${target.pathname}${target.search}${target.hash}` : '/';
  } catch {
    return '/';
  }
}

const PUSH_ICON = '/icons/icon-192.png';
const PUSH_FALLBACK_TITLE = 'Giọt Hồng';

self.addEventListener('push', (event) => {
  let payload: TPushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as TPushPayload;
  } catch {
    // A payload that is not JSON: its text as the body.
    payload = { body: event.data?.text() };
  }
  const title =
    typeof payload.title === 'string' && payload.title.trim() ? payload.title : PUSH_FALLBACK_TITLE;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      lang: 'vi',
      data: { url: samePortalPath(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = samePortalPath((event.notification.data as { url?: unknown } | null)?.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      // A tab already showing that page comes forward; otherwise a new one opens on it (an open tab
      // is not taken elsewhere: it may hold a form being filled in).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) await open.focus();
      else await self.clients.openWindow(target);
    })(),
  );
});
