/**
 * Clicks on buttons of a server-rendered page made before React has taken the page over: until
 * then the buttons have no handlers and the click would be lost (a menu that does not open, a
 * copy-link that does nothing). They are held — the browser's default action (a form's native
 * submit) is prevented — and replayed once React has hydrated the page. Links need nothing: they
 * navigate by themselves.
 */
const HELD = 'button, summary, [role="button"], [role="tab"], [role="switch"]';
/** The longest a held click waits for its button to be hydrated before it is given up. */
const MAX_WAIT_MS = 5_000;

/** A held click: the button, and how to find it again if React replaced it (its name, its rank). */
type Held = { element: HTMLElement; name: string; rank: number };
const held: Held[] = [];
let holding = false;

const nameOf = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
const sameName = (name: string) =>
  [...document.querySelectorAll<HTMLElement>(HELD)].filter((e) => nameOf(e) === name);

function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD) : null;
  if (!target || (target as HTMLButtonElement).disabled) return;
  event.preventDefault();
  event.stopPropagation();
  if (held.some((h) => h.element === target)) return;
  const name = nameOf(target);
  held.push({ element: target, name, rank: sameName(name).indexOf(target) });
}

/**
 * React marks each element it has hydrated or rendered with its props (the key `__reactProps$…`);
 * until then a click on it is dropped.
 */
const isReact = (element: Element) => Object.keys(element).some((k) => k.startsWith('__reactProps$'));

/** The button to click for `h` now: the one clicked, or the one React put in its place. */
function current(h: Held): HTMLElement | undefined {
  if (h.element.isConnected && isReact(h.element)) return h.element;
  if (h.element.isConnected && !h.name) return undefined;
  const candidate = sameName(h.name)[Math.max(0, h.rank)];
  return candidate && isReact(candidate) ? candidate : undefined;
}

/** Runs `then` after `n` frames (timers where a hidden tab gets no frames). */
function afterFrames(n: number, then: () => void) {
  if (n === 0) return then();
  const next = () => afterFrames(n - 1, then);
  if (document.visibilityState === 'hidden') setTimeout(next, 16);
  else requestAnimationFrame(() => setTimeout(next, 0));
}

/** From the first script on: holds button clicks (capture phase, before anything else sees them). */
export function holdEarlyClicks() {
  if (holding) return;
  holding = true;
  document.addEventListener('click', hold, true);
}

/**
 * Stops holding (React listens from now on) and clicks again, in order, what was clicked
 * meanwhile, each once React has hydrated it (or rendered its replacement).
 */
export function replayEarlyClicks() {
  if (!holding) return;
  holding = false;
  document.removeEventListener('click', hold, true);
  const pending = held.splice(0);
  const started = performance.now();
  const step = () => {
    const next = pending[0];
    if (!next) return;
    const element = current(next);
    if (!element) {
      if (performance.now() - started < MAX_WAIT_MS) setTimeout(step, 16);
      return;
    }
    // Hydrated is not yet committed: a handler may need its component's effects (a router's
    // navigate does nothing before them). Two frames later the commit has happened.
    afterFrames(2, () => {
      pending.shift();
      const target = current(next);
      if (target) target.click();
      step();
    });
  };
  step();
}
