import { UNSAVED_CHANGES_TEXTS as T } from '@giot-hong/contract';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { UNSAFE_NavigationContext, useLocation, type Navigator } from 'react-router';
import { setPopGuard } from '../../lib/history-guard';
import { historyDelta, mustConfirmLeaving, placeOf, type TPlace } from '../../lib/unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/*
 * "You have unsaved changes": every form that holds edits registers with `useUnsavedChanges(dirty)`;
 * the provider (around the staff console) then asks before any navigation that would unmount it.
 *
 * NOTE: react-router's `useBlocker` only works under a data router (`createBrowserRouter`). The
 * portal keeps the declarative `BrowserRouter` (ADR 3: the data router is +17 kB gzip on every donor
 * page), so the provider does what `useBlocker` does inside its own subtree (ADR 24):
 * - links and `navigate()` go through the router's navigator, which it wraps;
 * - back/forward: a `popstate` listener added before the router's (lib/history-guard.ts, installed
 *   by main.tsx) asks this provider, which stops the event, puts the entry back with
 *   `history.go(-delta)` and asks; "leave" then moves again and lets that event through;
 * - closing or reloading the tab: `beforeunload` (the browser asks in its own words).
 */

type Guard = {
  register: (id: string, isDirty: () => boolean) => () => void;
  /** Runs `action` at once, or after the person agrees to lose the changes. */
  confirmLeave: (action: () => void) => void;
};
const GuardContext = createContext<Guard | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const navigation = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const forms = useRef(new Map<string, () => boolean>());
  const [pending, setPending] = useState<{ proceed: () => void } | null>(null);
  const isDirty = useCallback(() => [...forms.current.values()].some((f) => f()), []);
  const here = useRef<TPlace>(location);
  const entry = useRef<unknown>(null);
  // The page and history entry shown now: what a navigation or a back/forward leaves.
  useLayoutEffect(() => {
    here.current = { pathname: location.pathname, search: location.search };
    entry.current = window.history.state;
  }, [location]);

  // Read when a navigation is asked for (a click, a navigate() call), never during a render.
  const mustAsk = useCallback(
    (to: Parameters<Navigator['push']>[0]) =>
      mustConfirmLeaving(isDirty(), here.current, placeOf(to, here.current)),
    [isDirty],
  );
  const navigator = useMemo<Navigator>(() => {
    const base = navigation.navigator;
    const guarded =
      (go: Navigator['push']): Navigator['push'] =>
      (to, state, opts) => {
        if (!mustAsk(to)) return go(to, state, opts);
        setPending({ proceed: () => go(to, state, opts) });
      };
    return {
      createHref: base.createHref.bind(base),
      encodeLocation: base.encodeLocation?.bind(base),
      go: base.go.bind(base),
      push: guarded(base.push.bind(base)),
      replace: guarded(base.replace.bind(base)),
    };
  }, [navigation.navigator, mustAsk]);

  useEffect(() => {
    let swallowNext = false;
    let passNext = false;
    // Answers true to hold a back/forward from the router (lib/history-guard.ts runs it first).
    const holdPop = (event: PopStateEvent) => {
      if (swallowNext) {
        // Our own step back to the page being protected: the router never hears of it.
        swallowNext = false;
        return true;
      }
      if (passNext) {
        passNext = false;
        return false;
      }
      const to = { pathname: window.location.pathname, search: window.location.search };
      if (!mustConfirmLeaving(isDirty(), here.current, to)) return false;
      const delta = historyDelta(entry.current, event.state);
      if (delta === null || delta === 0) return false;
      swallowNext = true;
      window.history.go(-delta);
      setPending({
        proceed: () => {
          passNext = true;
          window.history.go(delta);
        },
      });
      return true;
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers show the prompt only when a value is set (the text itself is never shown).
      event.returnValue = '';
    };
    const removeGuard = setPopGuard(holdPop);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      removeGuard();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [isDirty]);

  const context = useMemo(() => ({ ...navigation, navigator }), [navigation, navigator]);
  const guard = useMemo<Guard>(
    () => ({
      register: (id, dirty) => {
        forms.current.set(id, dirty);
        return () => void forms.current.delete(id);
      },
      confirmLeave: (action) => (isDirty() ? setPending({ proceed: action }) : action()),
    }),
    [isDirty],
  );

  return (
    <GuardContext.Provider value={guard}>
      <UNSAFE_NavigationContext.Provider value={context}>{children}</UNSAFE_NavigationContext.Provider>
      <ConfirmDialog
        open={pending !== null}
        title={T.title}
        description={T.description}
        cancelLabel={T.stay}
        confirmLabel={T.leave}
        tone="danger"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const proceed = pending?.proceed;
          setPending(null);
          proceed?.();
        }}
      />
    </GuardContext.Provider>
  );
}

/**
 * Registers a form's unsaved changes with the provider: while `dirty`, leaving the page asks first.
 * `leaveWithoutAsking(fn)` runs a navigation of the form's own (after a save) without asking: the
 * form's "dirty" is only updated at its next render.
 */
export function useUnsavedChanges(dirty: boolean) {
  const guard = useContext(GuardContext);
  const id = useId();
  const dirtyRef = useRef(dirty);
  const skipRef = useRef(false);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
    skipRef.current = false;
  });
  useEffect(() => guard?.register(id, () => dirtyRef.current && !skipRef.current), [guard, id]);
  // Without the console's provider (a donor page) only closing the tab is guarded.
  useEffect(() => {
    if (guard || !dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guard, dirty]);
  return useMemo(
    () => ({
      leaveWithoutAsking: (navigate: () => void) => {
        skipRef.current = true;
        navigate();
      },
      /** Runs `action` (not a navigation: a logout …) after asking, when changes would be lost. */
      confirmLeave: (action: () => void) => (guard ? guard.confirmLeave(action) : action()),
    }),
    [guard],
  );
}

/** The provider's `confirmLeave`, for actions outside any form (the console's logout button). */
export function useConfirmLeave(): (action: () => void) => void {
  const guard = useContext(GuardContext);
  return useCallback((action: () => void) => (guard ? guard.confirmLeave(action) : action()), [guard]);
}
