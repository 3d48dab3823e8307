import type { QueryClient } from '@tanstack/react-query';
import { adminCampaignsQueryOptions } from '../../features/console/api/get-admin-campaigns';
import { prefetchFrameData } from './frame';

/** The campaign list and the day's campaigns (`/quan-tri/ngay-hien-mau`): the upcoming campaigns. */
export function prefetch(queryClient: QueryClient): void {
  prefetchFrameData(queryClient);
  void queryClient.prefetchQuery(adminCampaignsQueryOptions({ filter: 'upcoming', search: '' }));
}
