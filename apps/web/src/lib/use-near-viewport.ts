import { useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport, and true from then on: a heavy part
 * below the first screen (the console's charts) renders as the person scrolls towards it, as a
 * lazy picture loads, instead of during the page's first load on a phone. Screen readers scroll
 * the element they read into view, so it renders for them too. True at once where the browser
 * cannot tell (no IntersectionObserver). Give the returned callback as the element's `ref`.
 */
export function useNearViewport<T extends Element>(margin = '400px') {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near] as const;
}
