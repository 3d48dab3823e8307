import {
  ADMIN_CAMPAIGN_API,
  ADMIN_DAY_DESK_API,
  ADMIN_DONOR_API,
  ADMIN_WAITING_WORK_API,
  API,
  DASHBOARD_API,
  DONATION_RECORD_API,
  NOTIFICATION_PREFERENCES_API,
} from '@giot-hong/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../features/auth/api/get-me';
import { adminCampaignsQueryOptions } from '../features/console/api/get-admin-campaigns';
import {
  campaignAppointmentsQueryOptions,
  FIRST_DAY_PAGE,
} from '../features/console/api/get-campaign-appointments';
import { dashboardQueryOptions, defaultDashboardPeriod } from '../features/console/api/get-dashboard';
import { adminKeys } from '../features/console/api/admin-keys';
import { notificationPagesQueryOptions } from '../features/notifications/api/get-notifications';
import { fullUserInfoQueryOptions } from '../features/profile/api/get-full-user-info';
import { wizardCampaignsQueryOptions } from '../features/registration/api/get-wizard-campaigns';
import { isConsolePreload, prefetchConsoleRouteData } from './console-route-data';
import { firstRequestsOf, sessionQueriesOf } from './first-requests-of';
import { prefetchRouteData } from './route-data';
import { routePreloadOf, type RoutePreload } from './route-preloads';
import { MemoryStorage } from '../lib/testing/memory-storage';

describe('which page the app prepares as it starts', () => {
  it('names the donor pages, the profile with the tab of its hash', () => {
    expect(routePreloadOf('/trang-ca-nhan')).toEqual({ route: 'profile', tab: 'personal' });
    expect(routePreloadOf('/trang-ca-nhan', '#thong-tin-ca-nhan')).toEqual({
      route: 'profile',
      tab: 'personal',
    });
    expect(routePreloadOf('/trang-ca-nhan', '#lich-su-hien-mau')).toEqual({
      route: 'profile',
      tab: 'history',
    });
    expect(routePreloadOf('/trang-ca-nhan', '#ho-so-hien-mau')).toEqual({ route: 'profile', tab: 'record' });
    expect(routePreloadOf('/trang-ca-nhan', '#quyen-rieng-tu')).toEqual({ route: 'profile', tab: 'other' });
    expect(routePreloadOf('/trang-ca-nhan/')).toEqual({ route: 'profile', tab: 'personal' });
    expect(routePreloadOf('/dang-ky-hien-mau')).toEqual({ route: 'registration' });
    expect(routePreloadOf('/thong-bao')).toEqual({ route: 'notifications' });
  });

  it('names the console pages staff land on, the day page with its campaign', () => {
    expect(routePreloadOf('/quan-tri')).toEqual({ route: 'console-overview' });
    expect(routePreloadOf('/quan-tri/chien-dich')).toEqual({ route: 'console-campaigns' });
    expect(routePreloadOf('/quan-tri/chien-dich/42/ngay-hien-mau')).toEqual({
      route: 'console-day',
      campaignId: 42,
    });
    expect(routePreloadOf('/quan-tri/ngay-hien-mau')).toEqual({ route: 'console-today' });
    expect(routePreloadOf('/quan-tri/nguoi-hien-mau')).toEqual({ route: 'console-donors' });
  });

  it('names nothing else: public pages, other console pages, a day page without a valid campaign', () => {
    for (const path of [
      '/',
      '/tin-tuc',
      '/dang-nhap',
      '/thong-bao/12',
      '/quan-tri/chien-dich/moi',
      '/quan-tri/chien-dich/0/ngay-hien-mau',
      '/quan-tri/chien-dich/abc/ngay-hien-mau',
      '/quan-tri/nguoi-hien-mau/7',
      '/khong-ton-tai',
    ])
      expect(routePreloadOf(path), path).toBeUndefined();
  });
});

describe("a page's first data, asked for as the app starts", () => {
  let requested: string[];
  beforeEach(() => {
    requested = [];
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'access-1');
    vi.stubGlobal('localStorage', storage);
    // The requests are recorded and left unanswered: what matters is that they are sent at once.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        requested.push(String(input).split('?')[0]!);
        return new Promise<Response>(() => undefined);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const start = async (preload: RoutePreload) => {
    requested = [];
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Each side's first data is a module of its own.
    if (isConsolePreload(preload)) await prefetchConsoleRouteData(queryClient, preload);
    else prefetchRouteData(queryClient, preload);
    // The api client reads the token and builds each request in a microtask or two.
    await new Promise((r) => setTimeout(r, 0));
    const keys = queryClient
      .getQueryCache()
      .findAll()
      .map((q) => JSON.stringify(q.queryKey));
    return { keys, requested: [...requested].sort() };
  };
  const key = (k: readonly unknown[]) => JSON.stringify(k);

  it('the overview: the account, the navigation counts, the period figures and the campaigns, under the keys the page reads', async () => {
    const { from, to } = defaultDashboardPeriod();
    const { keys, requested } = await start({ route: 'console-overview' });
    expect(requested).toEqual(
      [
        API.authMe,
        ADMIN_WAITING_WORK_API.waitingWork,
        DASHBOARD_API.dashboard,
        ADMIN_CAMPAIGN_API.campaigns,
      ].sort(),
    );
    expect(keys).toContain(key(meQueryOptions().queryKey));
    expect(keys).toContain(key(adminKeys.waitingWork()));
    expect(keys).toContain(key(dashboardQueryOptions(from, to).queryKey));
    expect(keys).toContain(key(adminCampaignsQueryOptions({ filter: 'upcoming', search: '' }).queryKey));
  });

  it('the day page: its campaign and the whole day list', async () => {
    const { keys, requested } = await start({ route: 'console-day', campaignId: 42 });
    expect(requested).toEqual(
      [
        API.authMe,
        ADMIN_WAITING_WORK_API.waitingWork,
        ADMIN_CAMPAIGN_API.campaign(42),
        ADMIN_DAY_DESK_API.campaignAppointments(42),
      ].sort(),
    );
    expect(keys).toContain(key(campaignAppointmentsQueryOptions(42, FIRST_DAY_PAGE).queryKey));
  });

  it('the donor search: the first page of all donors', async () => {
    const { keys, requested } = await start({ route: 'console-donors' });
    expect(requested).toEqual(
      [API.authMe, ADMIN_WAITING_WORK_API.waitingWork, ADMIN_DONOR_API.donors].sort(),
    );
    expect(keys).toContain(key(adminKeys.donors('', 0)));
  });

  it('the profile: the tab of the hash, with the header and the status', async () => {
    const personal = await start({ route: 'profile', tab: 'personal' });
    expect(personal.requested).toEqual(
      [API.authMe, API.notificationsUnread, API.userAvatar, API.userStatus, API.userFullInfo].sort(),
    );
    expect(personal.keys).toContain(key(fullUserInfoQueryOptions().queryKey));
    const record = await start({ route: 'profile', tab: 'record' });
    expect(record.requested).toEqual(
      expect.arrayContaining([DONATION_RECORD_API.mine, DONATION_RECORD_API.honoursMine]),
    );
    expect(record.requested).not.toContain(API.userFullInfo);
  });

  it('the wizard and the notifications: their lists, under the keys the pages read', async () => {
    const wizard = await start({ route: 'registration' });
    expect(wizard.requested).toContain(API.campaigns);
    expect(wizard.keys).toContain(key(wizardCampaignsQueryOptions().queryKey));
    const notifications = await start({ route: 'notifications' });
    expect(notifications.requested).toEqual(
      expect.arrayContaining([API.notifications, NOTIFICATION_PREFERENCES_API.mine]),
    );
    expect(notifications.keys).toContain(key(notificationPagesQueryOptions('all').queryKey));
  });
});

describe('the first requests the server names in the page (app/first-requests-of.ts)', () => {
  let requested: { url: string; auth: boolean }[];
  beforeEach(() => {
    const storage = new MemoryStorage();
    storage.setItem('access_token', 'access-1');
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        requested.push({ url: String(input), auth: new Headers(init?.headers).has('Authorization') });
        return new Promise<Response>(() => undefined);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  /** What the app sends at once as it starts on `path` with `hash`: address, query and token. */
  const appSends = async (path: string, hash: string) => {
    requested = [];
    const preload = routePreloadOf(path, hash)!;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    if (isConsolePreload(preload)) await prefetchConsoleRouteData(queryClient, preload);
    else prefetchRouteData(queryClient, preload);
    await new Promise((r) => setTimeout(r, 0));
    return requested.sort((a, b) => a.url.localeCompare(b.url));
  };
  /** What the entry sends for `path` with `hash`, from the server's list. */
  const entrySends = (path: string, hash: string) =>
    firstRequestsOf(path)
      .filter((r) => !r.hashes || r.hashes.includes(hash))
      .map(({ url, auth }) => ({ url, auth }))
      .sort((a, b) => a.url.localeCompare(b.url));

  it('are exactly what the app asks for at once, with the same query and token, on every page and tab', async () => {
    const pages: [string, string][] = [
      ['/trang-ca-nhan', ''],
      ['/trang-ca-nhan', '#thong-tin-ca-nhan'],
      ['/trang-ca-nhan', '#lich-su-hien-mau'],
      ['/trang-ca-nhan', '#ho-so-hien-mau'],
      ['/trang-ca-nhan', '#quyen-rieng-tu'],
      ['/trang-ca-nhan', '#xem-lich-hen-12'],
      ['/dang-ky-hien-mau', ''],
      ['/thong-bao', ''],
      ['/quan-tri', ''],
      ['/quan-tri/chien-dich', ''],
      ['/quan-tri/chien-dich/42/ngay-hien-mau', ''],
      ['/quan-tri/ngay-hien-mau', ''],
      ['/quan-tri/nguoi-hien-mau', ''],
    ];
    for (const [path, hash] of pages) {
      const app = await appSends(path, hash);
      expect(app.length, `${path}${hash}`).toBeGreaterThan(0);
      expect(entrySends(path, hash), `${path}${hash}`).toEqual(app);
    }
    // Queries included: the notifications' first page, the upcoming campaigns, the overview's period.
    expect(entrySends('/thong-bao', '').map((r) => r.url)).toContainEqual(
      expect.stringMatching(new RegExp(`^${API.notifications}\\?page=0&size=10&`)),
    );
    expect(entrySends('/quan-tri/chien-dich', '').map((r) => r.url)).toContain(
      `${ADMIN_CAMPAIGN_API.campaigns}?filter=upcoming`,
    );
    // The wizard's campaigns are public: asked for without the token, as the app does.
    expect(entrySends('/dang-ky-hien-mau', '')).toContainEqual({ url: API.campaigns, auth: false });
  });

  it('the campaign list alone is read with the session, each request under the key of the query the app fills with it', async () => {
    const session = sessionQueriesOf('/quan-tri/chien-dich')!;
    // The same requests the entry would send, with the token.
    expect(
      session.map(({ url }) => ({ url, auth: true })).sort((a, b) => a.url.localeCompare(b.url)),
    ).toEqual(entrySends('/quan-tri/chien-dich', ''));
    // Each answer under the key the app's own prefetch fills from that request.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const campaigns = routePreloadOf('/quan-tri/chien-dich')!;
    if (isConsolePreload(campaigns)) await prefetchConsoleRouteData(queryClient, campaigns);
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey);
    expect(session.map((q) => q.key).sort()).toEqual(keys.sort());
    for (const path of [
      '/quan-tri',
      '/quan-tri/nguoi-hien-mau',
      '/quan-tri/chien-dich/42/ngay-hien-mau',
      '/dang-ky-hien-mau',
      '/thong-bao',
      '/',
      '/quan-tri/nhat-ky',
    ])
      expect(sessionQueriesOf(path), path).toBeUndefined();
  });

  it("the profile is read with the session for each tab a first view opens, and each answer is kept as the tab's own query keeps it", async () => {
    const session = sessionQueriesOf('/trang-ca-nhan')!;
    // The requests of the personal, history and record tabs, each once; the picture (bytes) is not
    // read for the page, so the entry still names it.
    const tabs = ['', '#lich-su-hien-mau', '#ho-so-hien-mau'];
    const union = [...new Set(tabs.flatMap((hash) => entrySends('/trang-ca-nhan', hash).map((r) => r.url)))];
    expect(session.map((q) => q.url).sort()).toEqual(union.filter((url) => url !== API.userAvatar).sort());
    // Under the keys the app's own prefetch fills for those tabs.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const hash of tabs) prefetchRouteData(queryClient, routePreloadOf('/trang-ca-nhan', hash)!);
    const cache = queryClient.getQueryCache();
    const queryOf = (q: (typeof session)[number]) => cache.find({ queryKey: q.key, exact: true });
    for (const q of session) expect(queryOf(q), q.url).toBeDefined();
    // Each query's function, given the API's answer, keeps what the server puts in the page: the
    // count and the status are read out of their answers, the others kept as they come.
    const answers: Record<string, unknown> = {
      [API.notificationsUnread]: '3',
      [API.userStatus]: { status: 'PENDING' },
      [API.appointmentsHistory]: [{ id: 1 }],
    };
    for (const q of session) {
      const data = answers[q.url] ?? { from: q.url };
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } }),
        ),
      );
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const kept = await client.fetchQuery({ ...queryOf(q)!.options, queryKey: q.key });
      expect(q.dataOf ? (q.dataOf as (d: unknown) => unknown)(data) : data, q.url).toEqual(kept);
    }
    expect(session.find((q) => q.url === API.notificationsUnread)!.dataOf?.(3 as never)).toBe(3);
  });

  it('names no request for any other page', () => {
    for (const path of ['/', '/tin-tuc', '/dang-nhap', '/thong-bao/12', '/quan-tri/chien-dich/moi'])
      expect(firstRequestsOf(path), path).toEqual([]);
  });
});
