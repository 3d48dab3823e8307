import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth/api/get-me';
import { waitingWorkQueryOptions } from '../../features/console/api/get-waiting-work';

/** What every console page's first view reads: the account (the role check) and the navigation's counts. */
export function prefetchFrameData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(meQueryOptions());
  void queryClient.prefetchQuery(waitingWorkQueryOptions());
}
