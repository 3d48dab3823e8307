import {
  ADMIN_CAMPAIGN_API,
  ADMIN_WAITING_WORK_API,
  API,
  DATA_RIGHTS_API,
  DONATION_RECORD_API,
  NOTIFICATION_PREFERENCES_API,
} from '@giot-hong/contract';
import { meQueryOptions } from '../features/auth/api/get-me';
import { adminCampaignsQueryOptions, adminCampaignsUrl } from '../features/console/api/get-admin-campaigns';
import { adminDonorsUrl } from '../features/console/api/get-admin-donors';
import { campaignAppointmentsUrl, FIRST_DAY_PAGE } from '../features/console/api/get-campaign-appointments';
import { dashboardUrl, defaultDashboardPeriod } from '../features/console/api/get-dashboard';
import { waitingWorkQueryOptions } from '../features/console/api/get-waiting-work';
import { NOTIFICATION_PAGE_SIZE } from '../features/notifications/api/notification-keys';
import { notificationsUrl } from '../features/notifications/api/get-notifications';
import type { FirstRequest } from '../lib/first-requests';
import { profileTabs } from '../lib/paths';
import { routePreloadOf, type RoutePreload } from './route-preloads';

/** One GET, and the key of the query its answer fills where the server may read it for the page (ADR 71). */
type Get = Omit<FirstRequest, 'hashes'> & { key?: readonly unknown[] };
const get = (url: string, auth = true, key?: readonly unknown[]): Get =>
  key ? { url, auth, key } : { url, auth };

/**
 * The GETs the application sends at once for the first view of `preload` (route-data.ts and
 * console-route-data.ts send the same, through the query options the pages read; a unit test holds
 * them equal).
 */
function requestsOf(preload: RoutePreload): Get[] {
  const me = get(API.authMe);
  // The donor's header: the bell's count, the picture and the status its create-profile link reads.
  const header = [get(API.notificationsUnread), get(API.userAvatar), get(API.userStatus)];
  switch (preload.route) {
    case 'profile': {
      const tab =
        preload.tab === 'personal'
          ? [get(API.userFullInfo)]
          : preload.tab === 'history'
            ? [get(API.appointmentsHistory), get(API.appointmentsNextEligible)]
            : preload.tab === 'record'
              ? [
                  get(DONATION_RECORD_API.mine),
                  get(DONATION_RECORD_API.honoursMine),
                  get(DATA_RIGHTS_API.consents),
                ]
              : [];
      return [me, ...header, ...tab];
    }
    case 'registration':
      return [me, ...header, get(API.campaigns, false)];
    case 'notifications':
      return [
        me,
        ...header,
        get(notificationsUrl('all', 0, NOTIFICATION_PAGE_SIZE)),
        get(NOTIFICATION_PREFERENCES_API.mine),
      ];
  }
  // The console: the account (its role check) and the navigation's counts, then the page's data.
  const frame = [
    get(API.authMe, true, meQueryOptions().queryKey),
    get(ADMIN_WAITING_WORK_API.waitingWork, true, waitingWorkQueryOptions().queryKey),
  ];
  const upcomingParams = { filter: 'upcoming', search: '' } as const;
  const upcoming = get(
    adminCampaignsUrl(upcomingParams),
    true,
    adminCampaignsQueryOptions(upcomingParams).queryKey,
  );
  switch (preload.route) {
    case 'console-overview': {
      const { from, to } = defaultDashboardPeriod();
      return [...frame, get(dashboardUrl(from, to)), upcoming];
    }
    case 'console-campaigns':
    case 'console-today':
      return [...frame, upcoming];
    case 'console-day':
      return [
        ...frame,
        get(ADMIN_CAMPAIGN_API.campaign(preload.campaignId)),
        get(campaignAppointmentsUrl(preload.campaignId, FIRST_DAY_PAGE)),
      ];
    case 'console-donors':
      return [...frame, get(adminDonorsUrl('', 0))];
  }
}

/** The hashes a page behind the login tells apart: none, and the profile's tabs. */
const HASHES = ['', ...Object.values(profileTabs).map((tab) => `#${tab}`)];

/**
 * The first requests of the page behind the login at `pathname`, for the entry to send as the page
 * arrives (lib/first-requests.ts); each names the hashes it belongs to when not every one (the
 * profile's tabs). Empty for any other page. Rendered by the server into the page's frame, less
 * the public requests whose answers the frame carries (the wizard's campaigns, ADR 59).
 */
export function firstRequestsOf(pathname: string): FirstRequest[] {
  const hashesOf = new Map<string, { request: Get; hashes: string[] }>();
  for (const hash of HASHES) {
    const preload = routePreloadOf(pathname, hash);
    if (!preload) return [];
    for (const request of requestsOf(preload)) {
      const key = `${request.auth} ${request.url}`;
      const seen = hashesOf.get(key) ?? { request, hashes: [] };
      seen.hashes.push(hash);
      hashesOf.set(key, seen);
    }
  }
  return [...hashesOf.values()].map(({ request: { url, auth }, hashes }) =>
    hashes.length === HASHES.length ? { url, auth } : { url, auth, hashes },
  );
}

/**
 * The console pages whose document the server renders with their first data, read with the session
 * the console's cookie carries (ADR 71): the campaign list, whose largest paint is that data. The
 * other console pages' largest paint is in their frame already, and a day page's list is too large
 * to read for every document.
 */
const SESSION_RENDERED: ReadonlySet<RoutePreload['route']> = new Set(['console-campaigns']);

/**
 * What the server reads for the page at `pathname` with the session its document request carried:
 * each first request of the page with the key of the query its answer fills. Undefined for a page
 * the server renders without a session.
 */
export function sessionQueriesOf(pathname: string): { url: string; key: readonly unknown[] }[] | undefined {
  const preload = routePreloadOf(pathname, '');
  if (!preload || !SESSION_RENDERED.has(preload.route)) return undefined;
  const requests = requestsOf(preload);
  if (!requests.every((r) => r.auth && r.key)) return undefined;
  return requests.map((r) => ({ url: r.url, key: r.key! }));
}
