/*
 * Back and forward, held before the router hears of them. Listeners of one event on `window` run in
 * the order they were added (whatever their capture flag), and the router adds its `popstate`
 * listener when it mounts; React then re-renders before any later listener runs. So the portal's
 * entry installs this listener before the app renders (main.tsx), and a page that must ask first
 * (unsaved changes) sets the guard that decides.
 */

/** Answers true to hold this back/forward from the router (the guard then deals with it). */
export type PopGuard = (event: PopStateEvent) => boolean;

let current: PopGuard | null = null;

/** Sets the guard of the page shown; the returned function removes it again. */
export function setPopGuard(guard: PopGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

/** Once, before the router mounts (main.tsx). */
export function installHistoryGuard(win: Window): void {
  win.addEventListener('popstate', (event) => {
    if (current?.(event)) event.stopImmediatePropagation();
  });
}
