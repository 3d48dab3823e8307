import { CACHE } from '@giot-hong/contract';
import { type FetchQueryOptions, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appointmentHistoryQueryOptions } from '../features/appointments/api/get-appointment-history';
import { nextEligibleQueryOptions } from '../features/appointments/api/get-next-eligible';
import { meQueryOptions } from '../features/auth/api/get-me';
import { adminKeys } from '../features/console/api/admin-keys';
import { adminCampaignQueryOptions } from '../features/console/api/get-admin-campaign';
import { adminCampaignsQueryOptions } from '../features/console/api/get-admin-campaigns';
import { adminDonorsQueryOptions } from '../features/console/api/get-admin-donors';
import {
  campaignAppointmentsQueryOptions,
  FIRST_DAY_PAGE,
} from '../features/console/api/get-campaign-appointments';
import { waitingWorkQueryOptions } from '../features/console/api/get-waiting-work';
import { createQueryClient } from '../lib/query-client';

/**
 * The first-view data of the pages behind the login: asked for by the start of the page (the
 * entry, the route's prefetch), then read by the components that mount after. Each is asked for
 * once per page load, and again on a later visit.
 */
const FIRST_VIEW: { name: string; options: { queryKey: QueryKey; staleTime?: unknown } }[] = [
  { name: 'the account (the role check)', options: meQueryOptions() },
  { name: "the donor's history", options: appointmentHistoryQueryOptions() },
  { name: 'the next date to give blood', options: nextEligibleQueryOptions() },
  {
    name: "the console's campaigns",
    options: adminCampaignsQueryOptions({ filter: 'upcoming', search: '' }),
  },
  { name: "the day page's campaign", options: adminCampaignQueryOptions(42) },
  { name: "the day page's list", options: campaignAppointmentsQueryOptions(42, FIRST_DAY_PAGE) },
  { name: 'the donor search', options: adminDonorsQueryOptions('', 0) },
];

/** Read by the console's frame, which may mount before the route's prefetch has run. */
const PREFETCHED = [...FIRST_VIEW, { name: "the navigation's counts", options: waitingWorkQueryOptions() }];

/** The options with a query function that counts its calls instead of asking the server. */
function counted(options: { queryKey: QueryKey }) {
  const calls = { count: 0 };
  // The options' own data types do not matter here: every query answers with the count.
  const withCount = { ...options, queryFn: () => Promise.resolve(++calls.count) };
  return { calls, options: withCount as unknown as FetchQueryOptions<number> };
}

/** A component reading the query: mounts (subscribes) and lets the fetch it may start settle. */
async function mount(client: QueryClient, options: { queryKey: QueryKey }) {
  const observer = new QueryObserver(client, options as never);
  const unsubscribe = observer.subscribe(() => undefined);
  await new Promise((r) => setTimeout(r, 0));
  return unsubscribe;
}

describe('the first view of a page behind the login asks for each of its data once', () => {
  it.each(PREFETCHED)('$name: a short freshness window, the same for all', ({ options }) => {
    expect(options.staleTime).toBe(CACHE.justFetchedMs);
    expect(CACHE.justFetchedMs).toBeGreaterThan(0);
  });

  it.each(FIRST_VIEW)(
    '$name: the start of the page asks, the components mounting after read its answer',
    async ({ options }) => {
      const client = createQueryClient();
      const { calls, options: withCount } = counted(options);
      // The route's start (router.tsx's fetchQuery for the console), then the route's prefetch.
      await client.fetchQuery(withCount);
      await client.prefetchQuery(withCount);
      // Then the guard, the frame and the page, each mounting in its turn.
      const unmounts = [await mount(client, withCount), await mount(client, withCount)];
      unmounts.push(await mount(client, withCount));
      expect(calls.count).toBe(1);
      unmounts.forEach((u) => u());
      client.clear();
    },
  );

  it.each(FIRST_VIEW)(
    '$name: asked again when a component mounts after the window (a later visit)',
    async ({ options }) => {
      const client = createQueryClient();
      const { calls, options: withCount } = counted(options);
      client.setQueryData(options.queryKey, 0, { updatedAt: Date.now() - CACHE.justFetchedMs - 1 });
      const unmount = await mount(client, withCount);
      expect(calls.count).toBe(1);
      unmount();
      client.clear();
    },
  );

  it.each(PREFETCHED)(
    '$name: the frame mounting before the route has prefetched, the prefetch reads its answer',
    async ({ options }) => {
      const client = createQueryClient();
      const { calls, options: withCount } = counted(options);
      const unmount = await mount(client, withCount);
      await client.prefetchQuery(withCount);
      expect(calls.count).toBe(1);
      unmount();
      client.clear();
    },
  );

  it("a change in the console (invalidating ['admin']) is asked for again by the next visit of a list", async () => {
    const client = createQueryClient();
    const { calls, options } = counted(adminCampaignsQueryOptions({ filter: 'upcoming', search: '' }));
    await client.fetchQuery(options);
    await client.invalidateQueries({ queryKey: adminKeys.all });
    const unmount = await mount(client, options);
    expect(calls.count).toBe(2);
    unmount();
    client.clear();
  });
});
