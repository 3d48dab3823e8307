import type { QueryClient } from '@tanstack/react-query';
import type { RoutePreload } from './route-preloads';

type ConsoleRoute = Extract<RoutePreload, { route: `console-${string}` }>;

export const isConsolePreload = (preload: RoutePreload): preload is ConsoleRoute =>
  preload.route.startsWith('console-');

/**
 * Requests the data a console page's first view reads, as `route-data.ts` does for the donor's
 * pages: the account (the role check), the navigation's counts, then the page's own data. Each
 * page's requests are a module of their own (`console-route-data/`), loaded alone: a start on the
 * overview loads, and evaluates, none of the day page's requests and the contract's schemas they
 * import (ADR 82). Loaded as a chunk of its own when the app starts on a console page; the server
 * names it and the page's module in its preload hints, beside the page's chunks.
 */
export async function prefetchConsoleRouteData(
  queryClient: QueryClient,
  preload: ConsoleRoute,
): Promise<void> {
  switch (preload.route) {
    case 'console-overview':
      return (await import('./console-route-data/overview')).prefetch(queryClient);
    case 'console-campaigns':
    case 'console-today':
      return (await import('./console-route-data/campaigns')).prefetch(queryClient);
    case 'console-day':
      return (await import('./console-route-data/day')).prefetch(queryClient, preload.campaignId);
    case 'console-donors':
      return (await import('./console-route-data/donors')).prefetch(queryClient);
  }
}
