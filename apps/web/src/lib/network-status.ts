import { useSyncExternalStore } from 'react';

/**
 * Whether the portal can reach its server: the browser says it is offline, or the last request
 * failed for lack of a network (the API client reports both ways). Read by the offline notice.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let requestFailed = false;

const emit = () => listeners.forEach((l) => l());

/** A request found no network (api-client.ts). */
export function reportNetworkFailure() {
  if (requestFailed) return;
  requestFailed = true;
  emit();
}

/** A request reached the server. */
export function reportNetworkSuccess() {
  if (!requestFailed) return;
  requestFailed = false;
  emit();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOffline = () => !navigator.onLine || requestFailed;

export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
