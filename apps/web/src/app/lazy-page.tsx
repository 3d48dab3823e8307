import { lazy, type ComponentType } from 'react';

type PageModule = {
  Component: ComponentType;
  /** Loads the lazy parts the page renders at once (a server-rendered page hydrates them too). */
  preload?: () => Promise<unknown>;
};

/**
 * A route module exports `Component`; each becomes its own chunk. `preload()` fetches the chunk
 * (and the parts it renders at once) through the same promise React's `lazy` uses: a server-rendered
 * page waits for it before hydrating, so no boundary suspends during hydration.
 */
export function lazyPage(load: () => Promise<PageModule>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const get = () =>
    (loading ??= load().then(async (m) => {
      await m.preload?.();
      return { default: m.Component };
    }));
  return Object.assign(lazy(get), { preload: get });
}
