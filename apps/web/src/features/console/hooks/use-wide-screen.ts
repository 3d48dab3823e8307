import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint, where the console's lists turn from cards into tables. */
const WIDE = '(min-width: 768px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the screen is at least `md` wide, following rotations and resized windows. A long list
 * draws only the layout shown (cards or table) instead of both with one hidden by CSS: on a phone
 * the hidden table was half the page's elements.
 */
export const useWideScreen = () => useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);
