import { consolePaths, paths, profileTabs } from '../lib/paths';

/**
 * The pages a logged-in donor or staff member lands on whose first view the app prepares as it
 * starts: their chunks (the console's frame and page together) and their first data, requested
 * at once instead of one after the other as each lazy part renders (ADR 39).
 */
export type RoutePreload =
  | { route: 'profile'; tab: 'personal' | 'history' | 'record' | 'other' }
  | { route: 'registration' }
  | { route: 'notifications' }
  | { route: 'console-overview' }
  | { route: 'console-campaigns' }
  | { route: 'console-day'; campaignId: number }
  | { route: 'console-today' }
  | { route: 'console-donors' };

const CAMPAIGN_DAY = new RegExp(`^${consolePaths.campaignDay('(\\d+)')}$`);

/** The profile tab a hash opens, as far as its first data goes (the route decides the rest). */
function profileTab(hash: string): 'personal' | 'history' | 'record' | 'other' {
  const tab = hash.replace(/^#/, '');
  if (tab === '' || tab === profileTabs.personalInfo) return 'personal';
  if (tab === profileTabs.history) return 'history';
  if (tab === profileTabs.record) return 'record';
  return 'other';
}

/** Which page `pathname` (with its `hash`) is, when it is one of those; undefined otherwise. */
export function routePreloadOf(pathname: string, hash = ''): RoutePreload | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (path) {
    case paths.profile:
      return { route: 'profile', tab: profileTab(hash) };
    case paths.donationRegistration:
      return { route: 'registration' };
    case paths.notifications:
      return { route: 'notifications' };
    case consolePaths.home:
      return { route: 'console-overview' };
    case consolePaths.campaigns:
      return { route: 'console-campaigns' };
    case consolePaths.today:
      return { route: 'console-today' };
    case consolePaths.donors:
      return { route: 'console-donors' };
  }
  const day = CAMPAIGN_DAY.exec(path);
  const id = day ? Number(day[1]) : NaN;
  if (Number.isSafeInteger(id) && id > 0) return { route: 'console-day', campaignId: id };
  return undefined;
}
