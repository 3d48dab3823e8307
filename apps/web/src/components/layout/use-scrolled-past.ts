import { useSyncExternalStore } from 'react';

/**
 * The page's scroll offset as the last scroll event found it. Read there, not while React renders:
 * `window.scrollY` read during a render (or the commit right after it) makes the browser lay out
 * the page it is still building, and lay it out again once built — on a phone's first view of a
 * page, tens of milliseconds. A page that opens scrolled (restored, an anchor) gets a scroll event.
 */
let scrollY = 0;
const listeners = new Set<() => void>();

function onScroll() {
  scrollY = window.scrollY;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  if (listeners.size === 0) window.addEventListener('scroll', onScroll, { passive: true });
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
}

/** True while the page is scrolled more than `px` pixels (re-renders only when that flips). */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrollY > px,
    () => false,
  );
}
