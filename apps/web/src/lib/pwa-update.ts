import { useSyncExternalStore } from 'react';

/**
 * 'Có phiên bản mới': set by lib/pwa.ts (loaded after the page) when a new version of the portal
 * is installed and waiting; read by the update prompt. Kept apart from pwa.ts so the prompt does
 * not bring the registration code into the application's chunk.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let apply: (() => void) | undefined;

/** A new version waits; `take` switches to it and reloads the page. */
export function offerUpdate(take: () => void) {
  apply = take;
  listeners.forEach((l) => l());
}

export function useWaitingUpdate(): (() => void) | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => apply,
    () => undefined,
  );
}
