import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../features/auth/api/get-me';
import { adminCampaignQueryOptions } from '../features/console/api/get-admin-campaign';
import { adminCampaignsQueryOptions } from '../features/console/api/get-admin-campaigns';
import { adminDonorsQueryOptions } from '../features/console/api/get-admin-donors';
import {
  campaignAppointmentsQueryOptions,
  FIRST_DAY_PAGE,
} from '../features/console/api/get-campaign-appointments';
import { dashboardQueryOptions, defaultDashboardPeriod } from '../features/console/api/get-dashboard';
import { waitingWorkQueryOptions } from '../features/console/api/get-waiting-work';
import type { RoutePreload } from './route-preloads';

/**
 * Requests the data a console page's first view reads, as `route-data.ts` does for the donor's
 * pages: the account (the role check), the navigation's counts, then the page's own data.
 */
export function prefetchConsoleRouteData(queryClient: QueryClient, preload: RoutePreload): void {
  void queryClient.prefetchQuery(meQueryOptions());
  void queryClient.prefetchQuery(waitingWorkQueryOptions());
  switch (preload.route) {
    case 'console-overview': {
      const { from, to } = defaultDashboardPeriod();
      void queryClient.prefetchQuery(dashboardQueryOptions(from, to));
      void queryClient.prefetchQuery(adminCampaignsQueryOptions({ filter: 'upcoming', search: '' }));
      return;
    }
    case 'console-today':
    case 'console-campaigns':
      void queryClient.prefetchQuery(adminCampaignsQueryOptions({ filter: 'upcoming', search: '' }));
      return;
    case 'console-day':
      void queryClient.prefetchQuery(adminCampaignQueryOptions(preload.campaignId));
      void queryClient.prefetchQuery(campaignAppointmentsQueryOptions(preload.campaignId, FIRST_DAY_PAGE));
      return;
    case 'console-donors':
      void queryClient.prefetchQuery(adminDonorsQueryOptions('', 0));
      return;
  }
}
