/**
 * Starts the worker that prepares the browser's date formatting (icu-warm.worker.ts) beside the
 * application, so that the page's first dates (a campaign list, a notification's day) are drawn
 * without loading the date library's data on the page's thread (ADR 75). Nothing happens where
 * workers are not available; the page then pays it when it formats its first date, as before.
 */
export function warmDateFormatting() {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./icu-warm.worker.ts', import.meta.url), { type: 'module' });
    // A worker that cannot start (a browser without module workers) costs nothing more.
    worker.addEventListener('error', () => worker.terminate());
  } catch {
    /* not available: the formatter is built on the page when first used */
  }
}
