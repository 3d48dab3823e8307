import { CACHE } from '@giot-hong/contract';

/** Query keys of the news feature; every news query is stale after 30 s and kept 5 minutes. */
export const newsKeys = {
  all: ['news'] as const,
  list: (search: string, page: number) => ['news', 'list', { search, page }] as const,
  detail: (id: number) => ['news', 'detail', id] as const,
  related: (id: number) => ['news', 'related', id] as const,
};

export const NEWS_CACHE = { staleTime: CACHE.newsStaleMs, gcTime: CACHE.newsGcMs } as const;
