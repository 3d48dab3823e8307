import { lazy, useState, type ComponentType } from 'react';

type PageModule = {
  Component: ComponentType;
  /** Loads the lazy parts the page renders at once (a server-rendered page hydrates them too). */
  preload?: () => Promise<unknown>;
};

/**
 * A route module exports `Component`; each becomes its own chunk. `preload()` fetches the chunk
 * (and the parts it renders at once) through the same promise React's `lazy` uses: a server-rendered
 * page waits for it before hydrating, so no boundary suspends during hydration. A page whose chunk
 * is already there when it mounts renders at once: `lazy` would suspend on its first render even
 * then, and its boundary's loading view would take the place of the server's frame for a moment.
 */
export function lazyPage(load: () => Promise<PageModule>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const get = () =>
    (loading ??= load().then(async (m) => {
      await m.preload?.();
      loaded = m.Component;
      return { default: m.Component };
    }));
  const Lazy = lazy(get);
  function Page() {
    // Chosen once per mount: switching from one to the other would mount the page again.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload: get });
}
