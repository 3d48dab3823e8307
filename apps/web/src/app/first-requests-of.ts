import {
  ADMIN_CAMPAIGN_API,
  ADMIN_WAITING_WORK_API,
  API,
  DATA_RIGHTS_API,
  DONATION_RECORD_API,
  NOTIFICATION_PREFERENCES_API,
} from '@giot-hong/contract';
import { appointmentHistoryQueryOptions } from '../features/appointments/api/get-appointment-history';
import { nextEligibleQueryOptions } from '../features/appointments/api/get-next-eligible';
import { meQueryOptions } from '../features/auth/api/get-me';
import { donationRecordQueryOptions } from '../features/donations/api/get-donation-record';
import { myHonoursQueryOptions } from '../features/donations/api/get-my-honours';
import { unreadCountOf, unreadCountQueryOptions } from '../features/notifications/api/get-unread-count';
import { consentsQueryOptions } from '../features/privacy/api/get-consents';
import { fullUserInfoQueryOptions } from '../features/profile/api/get-full-user-info';
import { userStatusOf, userStatusQueryOptions } from '../features/profile/api/get-user-status';
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

/**
 * What the server reads for a page with the session its document request carried (ADR 71, 72): a
 * GET, the key of the query its answer fills, and how that query's function turns the answer's
 * `data` into what it keeps, where it changes it.
 */
export type SessionQuery = { url: string; key: readonly unknown[]; dataOf?: (data: never) => unknown };

/** One GET, with its query where the server may read it for the page (`SessionQuery`). */
type Get = Omit<FirstRequest, 'hashes'> & Partial<Omit<SessionQuery, 'url'>>;
const get = (url: string, auth = true, key?: readonly unknown[], dataOf?: SessionQuery['dataOf']): Get =>
  key ? { url, auth, key, ...(dataOf && { dataOf }) } : { url, auth };

/**
 * The GETs the application sends at once for the first view of `preload` (route-data.ts and
 * console-route-data/ send the same, through the query options the pages read; a unit test holds
 * them equal).
 */
function requestsOf(preload: RoutePreload): Get[] {
  const me = get(API.authMe, true, meQueryOptions().queryKey);
  // The donor's header: the bell's count, the picture (bytes: never read for the page) and the
  // status its create-profile link reads.
  const header = [
    get(API.notificationsUnread, true, unreadCountQueryOptions().queryKey, unreadCountOf),
    get(API.userAvatar),
    get(API.userStatus, true, userStatusQueryOptions().queryKey, userStatusOf),
  ];
  switch (preload.route) {
    case 'profile': {
      const tab =
        preload.tab === 'personal'
          ? [get(API.userFullInfo, true, fullUserInfoQueryOptions().queryKey)]
          : preload.tab === 'history'
            ? [
                get(API.appointmentsHistory, true, appointmentHistoryQueryOptions().queryKey),
                get(API.appointmentsNextEligible, true, nextEligibleQueryOptions().queryKey),
              ]
            : preload.tab === 'record'
              ? [
                  get(DONATION_RECORD_API.mine, true, donationRecordQueryOptions().queryKey),
                  get(DONATION_RECORD_API.honoursMine, true, myHonoursQueryOptions().queryKey),
                  get(DATA_RIGHTS_API.consents, true, consentsQueryOptions().queryKey),
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
  const frame = [me, get(ADMIN_WAITING_WORK_API.waitingWork, true, waitingWorkQueryOptions().queryKey)];
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
 * The pages whose document the server renders with their first data, read with the session the
 * pages' cookie carries: the console's campaign list (ADR 71) and the donor's profile (ADR 72),
 * whose largest paint is that data. The other pages' largest paint is in their frame already, and a
 * day page's list is too large to read for every document.
 */
const SESSION_RENDERED: ReadonlySet<RoutePreload['route']> = new Set(['console-campaigns', 'profile']);

/**
 * The profile's tabs whose data its document holds (ADR 72): the tab is the address's hash, which
 * no request carries, so the server renders each tab a first view opens and the browser shows the
 * one the hash names (styles.css).
 */
const PROFILE_SESSION_HASHES = ['', `#${profileTabs.history}`, `#${profileTabs.record}`];

/**
 * What the server reads for the page at `pathname` with the session its document request carried:
 * each first request of the page that fills a query, with that query's key. Undefined for a page
 * the server renders without a session.
 */
export function sessionQueriesOf(pathname: string): SessionQuery[] | undefined {
  const preload = routePreloadOf(pathname, '');
  if (!preload || !SESSION_RENDERED.has(preload.route)) return undefined;
  const hashes = preload.route === 'profile' ? PROFILE_SESSION_HASHES : [''];
  const byUrl = new Map<string, SessionQuery>();
  for (const hash of hashes) {
    for (const { url, auth, key, dataOf } of requestsOf(routePreloadOf(pathname, hash)!)) {
      if (auth && key) byUrl.set(url, dataOf ? { url, key, dataOf } : { url, key });
    }
  }
  return [...byUrl.values()];
}
