/*
 * When leaving a page must be asked first (a form holds changes that were not saved). Pure rules,
 * used by components/ui/unsaved-changes.tsx, which watches the router's navigations, the browser's
 * back and forward buttons and the closing or reloading of the tab.
 */

/** The part of a location that decides whether a navigation leaves the page. */
export type TPlace = { pathname: string; search: string };

/**
 * Whether a navigation from `from` to `to` must be confirmed: only while a form is dirty, and only
 * when it leaves the page (a change of the hash alone keeps the form on screen). `to` is null when
 * the destination is unknown (the browser's history moved by an unknown number of steps).
 */
export function mustConfirmLeaving(dirty: boolean, from: TPlace, to: TPlace | null): boolean {
  if (!dirty) return false;
  if (!to) return true;
  return to.pathname !== from.pathname || to.search !== from.search;
}

/** 'a/b?x=1#h' or a partial path object → pathname and search (relative paths are not used here). */
export function placeOf(to: string | { pathname?: string; search?: string }, current: TPlace): TPlace {
  if (typeof to !== 'string')
    return {
      pathname: to.pathname ?? current.pathname,
      search: to.search ?? (to.pathname ? '' : current.search),
    };
  const hash = to.indexOf('#');
  const noHash = hash >= 0 ? to.slice(0, hash) : to;
  const q = noHash.indexOf('?');
  const pathname = q >= 0 ? noHash.slice(0, q) : noHash;
  return {
    pathname: pathname || current.pathname,
    search: q >= 0 ? noHash.slice(q) : pathname ? '' : current.search,
  };
}

/**
 * How many history entries a back/forward moved: the router numbers its entries (`idx` in
 * `history.state`); null when either number is unknown (an entry the router did not make).
 */
export function historyDelta(before: unknown, after: unknown): number | null {
  const idx = (s: unknown) =>
    s && typeof s === 'object' && typeof (s as { idx?: unknown }).idx === 'number'
      ? (s as { idx: number }).idx
      : null;
  const [a, b] = [idx(before), idx(after)];
  return a === null || b === null ? null : b - a;
}
