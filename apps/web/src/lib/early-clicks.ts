/**
 * What a visitor does on a server-rendered page before React has taken it over: until then the
 * buttons have no handlers and typing reaches no state (a menu that does not open, a search that
 * does not filter, a choice the page's render forgets). Clicks on buttons are held — the
 * browser's default action (a form's native submit) is prevented — and replayed once React has
 * hydrated or rendered the page, and so are clicks on the labels of radio buttons (the wizard's
 * campaigns in its frame), which also check their radio at once; text typed into a field
 * is handed to React as one change once the field is React's. Links need nothing: they navigate
 * by themselves.
 */
/**
 * The label of a radio button: its click is let through (the frame shows the choice at once) and
 * clicked again on the application's label once it is rendered (the page forgot the frame's choice).
 */
const RADIO_LABEL = 'label:has(input[type="radio"])';
const HELD = `button, summary, [role="button"], [role="tab"], [role="switch"], ${RADIO_LABEL}`;
/** The longest a held click waits for its button to be hydrated before it is given up. */
const MAX_WAIT_MS = 5_000;

/** A held click: the button, and how to find it again if React replaced it (its name, its rank). */
type Held = { element: HTMLElement; name: string; rank: number };
const held: Held[] = [];
/** Fields typed into before React: found again like buttons (name, rank among same-named fields). */
type Typed = { element: HTMLInputElement | HTMLTextAreaElement; name: string; rank: number };
const typed: Typed[] = [];
let holding = false;

/**
 * React marks each element it has hydrated or rendered with its props (the key `__reactProps$…`);
 * until then a click on it is dropped.
 */
const isReact = (element: Element) => Object.keys(element).some((k) => k.startsWith('__reactProps$'));

const nameOf = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
/**
 * Whether `element` is laid out: a frame may hold parts it does not show (the profile's other tabs,
 * ADR 72), which the application does not render, so ranks count only what is shown.
 */
const shown = (element: Element) => element.getClientRects().length > 0;
const sameName = (name: string) =>
  [...document.querySelectorAll<HTMLElement>(HELD)].filter((e) => shown(e) && nameOf(e) === name);

/** After `hydrateRoot`, until the held clicks are replayed: clicks on hydrated buttons pass. */
let draining = false;

function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD) : null;
  if (!target || (target as HTMLButtonElement).disabled) return;
  // Our own replay, or a button React already handles.
  if (!event.isTrusted || (draining && isReact(target))) return;
  if (!target.matches(RADIO_LABEL)) {
    event.preventDefault();
    event.stopPropagation();
  }
  if (held.some((h) => h.element === target)) return;
  const name = nameOf(target);
  held.push({ element: target, name, rank: sameName(name).indexOf(target) });
}

const FIELDS = 'input, textarea';
const fieldName = (e: Element) =>
  e.getAttribute('name') || e.getAttribute('aria-label') || e.id || e.getAttribute('placeholder') || '';
const sameField = (name: string) =>
  [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELDS)].filter(
    (e) => shown(e) && fieldName(e) === name,
  );

function noteTyping(event: Event) {
  const target = event.target;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
  if (typed.some((t) => t.element === target)) return;
  const name = fieldName(target);
  typed.push({ element: target, name, rank: sameField(name).indexOf(target) });
}

/**
 * Gives React a field's text as a change: React keeps the value it last saw beside the element
 * and reports a change only when the element's value differs from it. Setting the value through
 * the element (React's own setter: it now believes the field empty) and then the text through the
 * prototype's setter (unseen by React), then an input event, makes exactly one `onChange`.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const nativeSet = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!nativeSet) return;
  field.value = '';
  nativeSet.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The button to click for `h` now: the one clicked, or the one React put in its place. */
function current(h: Held): HTMLElement | undefined {
  if (h.element.isConnected && isReact(h.element)) return h.element;
  if (h.element.isConnected && !h.name) return undefined;
  const candidate = sameName(h.name)[Math.max(0, h.rank)];
  return candidate && isReact(candidate) ? candidate : undefined;
}

/**
 * A click as the pointer makes it: some controls act on the press itself (a menu button opens on
 * `pointerdown`), most on the click that follows.
 */
function press(target: HTMLElement) {
  const at = target.getBoundingClientRect();
  const init = {
    bubbles: true,
    cancelable: true,
    composed: true,
    button: 0,
    clientX: at.left + at.width / 2,
    clientY: at.top + at.height / 2,
  };
  const pointer = { ...init, pointerId: 1, pointerType: 'mouse', isPrimary: true };
  target.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
  target.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
  target.dispatchEvent(new PointerEvent('pointerup', pointer));
  target.dispatchEvent(new MouseEvent('mouseup', init));
  target.click();
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
  document.addEventListener('input', noteTyping, true);
}

/**
 * Stops holding (React listens from now on) and clicks again, in order, what was clicked
 * meanwhile, each once React has hydrated it (or rendered its replacement).
 */
export function replayEarlyClicks() {
  if (!holding) return;
  holding = false;
  // Parts of the page hydrate one after another: clicks on those still waiting are held a while
  // longer (the same queue), clicks on hydrated ones pass.
  draining = true;
  document.removeEventListener('input', noteTyping, true);
  const pending = held;
  const started = performance.now();
  setTimeout(() => {
    draining = false;
    document.removeEventListener('click', hold, true);
  }, MAX_WAIT_MS);
  // Text first (a search typed, then its button clicked), each field once it is React's.
  const fields = typed.splice(0).map((t) => ({ ...t, text: t.element.value }));
  const handFields = () => {
    for (const f of [...fields]) {
      const field = f.element.isConnected ? f.element : sameField(f.name)[Math.max(0, f.rank)];
      if (field && isReact(field)) {
        fields.splice(fields.indexOf(f), 1);
        // As for clicks: two frames, so the field's component has committed.
        afterFrames(2, () => {
          // The text as it is now (typing may have gone on); a replaced field gets what was typed.
          if (field.isConnected) handOver(field, field === f.element ? field.value : f.text);
        });
      } else if (!field) fields.splice(fields.indexOf(f), 1);
    }
    if (fields.length > 0 && performance.now() - started < MAX_WAIT_MS) setTimeout(handFields, 16);
    else step();
  };
  const step = () => {
    const next = pending[0];
    if (!next) {
      // Nothing held now: look again while clicks may still be held.
      if (draining) setTimeout(step, 50);
      return;
    }
    const element = current(next);
    if (!element) {
      if (performance.now() - started < MAX_WAIT_MS) setTimeout(step, 16);
      else {
        pending.shift(); // its button never became React's: given up
        step();
      }
      return;
    }
    // Hydrated is not yet committed: a handler may need its component's effects (a router's
    // navigate does nothing before them). Two frames later the commit has happened.
    afterFrames(2, () => {
      pending.shift();
      const target = current(next);
      if (target) press(target);
      step();
    });
  };
  handFields();
}
