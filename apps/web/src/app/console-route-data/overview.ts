import type { QueryClient } from '@tanstack/react-query';
import { adminCampaignsQueryOptions } from '../../features/console/api/get-admin-campaigns';
import { dashboardQueryOptions, defaultDashboardPeriod } from '../../features/console/api/get-dashboard';
import { prefetchFrameData } from './frame';

/** The overview (`/quan-tri`): the period's figures and the upcoming campaigns. */
export function prefetch(queryClient: QueryClient): void {
  prefetchFrameData(queryClient);
  const { from, to } = defaultDashboardPeriod();
  void queryClient.prefetchQuery(dashboardQueryOptions(from, to));
  void queryClient.prefetchQuery(adminCampaignsQueryOptions({ filter: 'upcoming', search: '' }));
}
