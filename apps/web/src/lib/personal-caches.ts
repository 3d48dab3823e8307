import { accountKeyOf, deletePersonalCaches, type TServiceWorkerMessage } from './offline-cache';

/**
 * Keeps the offline copies of one account only (ADR 34): the logged-in account's, given its access
 * token, or nobody's after a logout. Deleted here through the Cache API and, for a worker that is
 * storing an answer at this moment, by the service worker too.
 */
export async function keepOfflineCopiesOf(accessToken: string | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keep = await accountKeyOf(accessToken);
  const message: TServiceWorkerMessage = { type: 'PURGE_PERSONAL', keep };
  navigator.serviceWorker?.controller?.postMessage(message);
  await deletePersonalCaches(caches, keep);
}
