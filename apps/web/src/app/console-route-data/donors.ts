import type { QueryClient } from '@tanstack/react-query';
import { adminDonorsQueryOptions } from '../../features/console/api/get-admin-donors';
import { prefetchFrameData } from './frame';

/** The donor search: its first page without a query. */
export function prefetch(queryClient: QueryClient): void {
  prefetchFrameData(queryClient);
  void queryClient.prefetchQuery(adminDonorsQueryOptions('', 0));
}
