import { lazy, type ComponentType } from 'react';

/** A route module exports `Component`; each becomes its own chunk. */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  return lazy(() => load().then((m) => ({ default: m.Component })));
}
