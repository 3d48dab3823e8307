// Loaded by boot.ts after the first paint (the stylesheet is imported there).
// First: zod's settings for the browser, before any chunk builds a schema.
import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter, preloadPage, preloadRoute } from './app/router';
import { authStore } from './lib/auth-store';
import { replayEarlyClicks } from './lib/early-clicks';
import { installHistoryGuard } from './lib/history-guard';
import { queryClient } from './lib/query-client';
import { sessionMarkOf } from './lib/page-session';
import {
  FRAME_DATA_ID,
  fillQueryCache,
  SESSION_DATA_ID,
  SSR_DATA_ID,
  type SessionData,
  type SsrQuery,
} from './lib/ssr-data';

/** The longest a server-sent frame waits for its page's chunks before the app renders anyway. */
const FRAME_WAIT_MS = 8_000;

// Before the router adds its own listener: a page with unsaved changes can hold back/forward.
installHistoryGuard(window);

/** Once React's first render is on screen: the clicks held since the first paint are clicked again. */
function ReplayEarlyClicks() {
  useEffect(() => replayEarlyClicks(), []);
  return null;
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>
);
const ssrData = document.getElementById(SSR_DATA_ID);

if (ssrData && container.firstChild) {
  // A public page rendered by the server: its data goes into the cache (no second request) and its
  // chunks load first, then React takes over the HTML that is already on screen.
  fillQueryCache(queryClient, JSON.parse(ssrData.textContent || '[]') as SsrQuery[]);
  void preloadPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      hydrateRoot(container, app);
      // React listens from now on: the button clicks held since the first paint are clicked again,
      // and React hydrates what they hit first (selective hydration), then runs their handlers.
      replayEarlyClicks();
    });
} else {
  // The public data a frame shows (the wizard's campaigns): the page starts with it, as it is on screen.
  const frameData = document.getElementById(FRAME_DATA_ID);
  if (frameData && container.firstChild) {
    fillQueryCache(queryClient, JSON.parse(frameData.textContent || '[]') as SsrQuery[]);
  }
  // A page the server rendered with the session its cookie carried (ADR 71, 72): its data too,
  // if it was read with the token this browser holds, so that the page renders as it is on screen.
  const sessionData = document.getElementById(SESSION_DATA_ID);
  if (sessionData && container.firstChild) {
    const { mark, queries } = JSON.parse(sessionData.textContent || '{}') as SessionData;
    const token = authStore.isLoggedIn() ? authStore.getAccessToken() : null;
    if (token && sessionMarkOf(token) === mark) fillQueryCache(queryClient, queries);
  }
  // A page behind the login, opened with a session: its chunks and first data are asked for now.
  const ready = authStore.isLoggedIn()
    ? preloadRoute(window.location.pathname, window.location.hash, queryClient)
    : undefined;
  const start = () => {
    createRoot(container).render(
      <>
        {app}
        <ReplayEarlyClicks />
      </>,
    );
  };
  if (ready && container.firstChild) {
    // The server sent the page's frame (ADR 43), on screen now: it stays until the page can render
    // in its place without a loading view (React replaces it: the server knew no session), and at
    // most a few seconds. Without a session the app starts at once and goes to the login page.
    // The page is rendered as a transition: React renders it in slices of a few milliseconds,
    // yielding to the browser between them (a tap, a frame), and puts it on screen in one commit
    // once all of it is rendered; until that commit the frame stays as the server sent it. Rendered
    // at once (the default priority) it was one task of the whole page (ADR 47).
    let started = false;
    const once = () => {
      if (started) return;
      started = true;
      startTransition(start);
    };
    void ready.then(once);
    setTimeout(once, FRAME_WAIT_MS);
  } else start();
}

// The service worker (offline use, updates, push: ADR 34), in production builds only, once the
// page has loaded and the browser is idle: nothing of it competes with the page for the network.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
    idle(() => void import('./lib/pwa').then((m) => m.registerServiceWorker()));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
