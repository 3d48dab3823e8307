import { Workbox } from 'workbox-window';
import { authStore } from './auth-store';
import { keepOfflineCopiesOf } from './personal-caches';
import { offerUpdate } from './pwa-update';

/**
 * The service worker's registration (ADR 34), loaded by main.tsx once the page has loaded and the
 * browser is idle, in production builds only: never on the landing page's way to its first paint.
 */

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * Registers /sw.js and offers 'Có phiên bản mới' whenever a new version is installed and waiting.
 * Until the donor takes it, the page keeps running the version it started with (the old worker
 * still serves that version's files).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registering ??= (async () => {
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () =>
      offerUpdate(() => {
        // Reload once the new worker controls the page: the reloaded page is all new version.
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      }),
    );
    try {
      const registration = await wb.register();
      // Copies another account left (a logout in a tab that has since closed, an answer stored
      // while logging out) go at every start.
      void keepOfflineCopiesOf(authStore.isLoggedIn() ? authStore.getAccessToken() : null);
      return registration;
    } catch {
      // No worker (private mode, blocked by the browser): the portal works online as before.
      return undefined;
    }
  })();
  return registering;
}

/**
 * The portal's service worker registration, for what needs it (Web Push subscriptions:
 * `registration.pushManager.subscribe`); undefined where the browser has none (no support, a
 * development build, registration refused).
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const registration = await registerServiceWorker();
  if (!registration) return undefined;
  // Subscribing needs an active worker: wait for the first install to finish.
  return navigator.serviceWorker.ready;
}
