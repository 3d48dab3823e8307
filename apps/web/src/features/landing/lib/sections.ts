import { TIMING } from '@giot-hong/contract';

/** Anchors of the landing page's sections (targets of the hero buttons). */
export const SECTION_IDS = {
  campaigns: 'su-kien-hien-mau',
  criteria: 'tieu-chuan-hien-mau',
} as const;

/**
 * Scrolls so the section's top sits `heroScrollOffsetPx` below the top of the window (clear of
 * the sticky header), then moves focus there for keyboard and screen-reader users.
 */
export function scrollToSection(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  const top = el.getBoundingClientRect().top + window.scrollY - TIMING.heroScrollOffsetPx;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' });
  el.focus({ preventScroll: true });
}
