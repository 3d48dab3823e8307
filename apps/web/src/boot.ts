// The page's only script evaluated before its first paint. The stylesheet is linked from the
// HTML (render-blocking, as it must be); the application — React, the router, the page — is
// fetched and run once the browser has painted what the server sent. On a slow phone the
// server-rendered page is on screen while the application downloads, instead of sharing the
// connection with it (ADR 19). Client-rendered pages (an empty #root) start at once.
import './styles.css';
import { APP_PRELOADS_ID } from '@giot-hong/contract/app-preloads';
import { holdEarlyClicks, replayEarlyClicks } from './lib/early-clicks';
import { startFirstRequests } from './lib/first-requests';
import { warmDateFormatting } from './lib/warm-date-formatting';

/** Marked when the application is asked for: browser tests check that it follows the first paint. */
export const APP_START_MARK = 'giothong:app-start';
/** The longest the application waits for the first paint (a browser that never reports one). */
const MAX_WAIT_MS = 3_000;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  performance.mark(APP_START_MARK);
  // A page behind the login: the server named its chunks in an inert template, so that nothing but
  // the document and the stylesheet came before the frame's first paint; they all download now,
  // beside the application, instead of each after the module that imports it.
  const preloads = document.getElementById(APP_PRELOADS_ID);
  if (preloads instanceof HTMLTemplateElement)
    appendInTurns([...preloads.content.cloneNode(true).childNodes]);
  // The date library's data, loaded by a worker while the application downloads (ADR 75).
  warmDateFormatting();
  // The application replays the held clicks once it has hydrated the page (main.tsx); if it cannot
  // load, the page's buttons get their clicks back.
  import('./main').catch(replayEarlyClicks);
};

/** How many of the page's module preloads go into `<head>` in one turn of the event loop. */
const PRELOADS_PER_TURN = 6;
/**
 * Puts `nodes` into `<head>` a few at a time, in order, each few in a task of its own: every
 * preload starts its request as it is inserted, and the thirty to forty of a console page at once
 * were one task of 20–44 ms, the page's first long one after its first paint (ADR 67).
 */
function appendInTurns(nodes: Node[]) {
  document.head.append(...nodes.slice(0, PRELOADS_PER_TURN));
  if (nodes.length > PRELOADS_PER_TURN) setTimeout(() => appendInTurns(nodes.slice(PRELOADS_PER_TURN)), 0);
}

// A page behind the login names its first data: asked for now with the stored session, the answers
// travel beside the application instead of after it (ADR 55).
startFirstRequests(document, () => localStorage, window.location.hash);

const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
// A server-rendered page shows buttons before their handlers exist: clicks on them wait.
if (serverRendered) holdEarlyClicks();
const reportsPaint =
  typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
// A page opened in a background tab is not painted until it is shown: start at once.
if (!serverRendered || !reportsPaint || document.visibilityState === 'hidden') start();
else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, MAX_WAIT_MS);
}
