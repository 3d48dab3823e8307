import { CACHE } from '@giot-hong/contract';
import { QueryClient } from '@tanstack/react-query';

/** General data cache: stale after 24 h, one retry, no refetch on focus, mount or reconnect. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE.generalStaleMs,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
    },
  });
}

/** The browser's one cache (the server renders each page with a fresh one: entry-server.tsx). */
export const queryClient = createQueryClient();
