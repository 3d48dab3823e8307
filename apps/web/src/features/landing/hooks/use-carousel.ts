import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type PointerEvent,
  type TouchEvent,
} from 'react';

const SWIPE_PX = 50;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = () =>
  typeof window === 'undefined' ? undefined : window.matchMedia?.(REDUCED_MOTION);
const subscribeReducedMotion = (onChange: () => void) => {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
/** False on the server and while hydrating (as the server rendered it), then the visitor's setting. */
const usePrefersReducedMotion = () =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );

/**
 * A small carousel state machine for the landing page (instead of a carousel library, to keep
 * the first load light). Slides wrap around in both directions. With more than one slide it
 * advances every `intervalMs`; any manual move restarts that wait. Rotation pauses while a mouse
 * is over the carousel or keyboard focus is inside it (a tap or a click does not pause it), and
 * can be stopped with a button (WCAG 2.2.2); it starts stopped for people who ask for reduced motion.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [rawIndex, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Stopped for people who ask for reduced motion, until they start it (or the other way round).
  const reducedMotion = usePrefersReducedMotion();
  const [stoppedByHand, setStopped] = useState<boolean | null>(null);
  const stopped = stoppedByHand ?? reducedMotion;
  // Bumped by every manual move so the auto-advance timer starts over even on the same slide.
  const [moves, setMoves] = useState(0);
  const touchX = useRef<number | null>(null);

  const index = count > 0 ? rawIndex % count : 0;
  const rotating = count > 1 && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const id = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(id);
  }, [rotating, index, count, intervalMs, moves]);

  const goTo = (i: number) => {
    if (count < 1) return;
    setIndex(((i % count) + count) % count);
    setMoves((m) => m + 1);
  };

  return {
    index,
    count,
    /** True while slides change by themselves (screen readers are then not told of each change). */
    rotating,
    stopped,
    goTo,
    next: () => goTo(index + 1),
    prev: () => goTo(index - 1),
    toggleStopped: () => setStopped(!stopped),
    /** Spread on the carousel's root element. */
    rootProps: {
      onPointerEnter: (e: PointerEvent) => {
        if (e.pointerType === 'mouse') setHovered(true);
      },
      onPointerLeave: () => setHovered(false),
      onFocus: (e: FocusEvent) => {
        if ((e.target as HTMLElement).matches(':focus-visible')) setFocused(true);
      },
      onBlur: (e: FocusEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
      onTouchStart: (e: TouchEvent) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      },
      onTouchEnd: (e: TouchEvent) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        if (end < start) goTo(index + 1);
        else goTo(index - 1);
      },
    },
  };
}

export type Carousel = ReturnType<typeof useCarousel>;
