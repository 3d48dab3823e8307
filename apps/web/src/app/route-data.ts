import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../features/auth/api/get-me';
import { appointmentHistoryQueryOptions } from '../features/appointments/api/get-appointment-history';
import { nextEligibleQueryOptions } from '../features/appointments/api/get-next-eligible';
import { donationRecordQueryOptions } from '../features/donations/api/get-donation-record';
import { myHonoursQueryOptions } from '../features/donations/api/get-my-honours';
import { notificationPreferencesQueryOptions } from '../features/notifications/api/get-notification-preferences';
import { notificationPagesQueryOptions } from '../features/notifications/api/get-notifications';
import { unreadCountQueryOptions } from '../features/notifications/api/get-unread-count';
import { avatarQueryOptions } from '../features/profile/api/get-avatar';
import { fullUserInfoQueryOptions } from '../features/profile/api/get-full-user-info';
import { userStatusQueryOptions } from '../features/profile/api/get-user-status';
import { consentsQueryOptions } from '../features/privacy/api/get-consents';
import { wizardCampaignsQueryOptions } from '../features/registration/api/get-wizard-campaigns';
import type { RoutePreload } from './route-preloads';

/**
 * Requests the data a donor's page's first view reads, with the query options its components use
 * (same keys, same functions): the components then find the answers, or the requests in flight, in
 * the cache. Loaded as a chunk of its own when the app starts on one of these pages (the server
 * names it in the page's preload hints), so the landing page's application carries none of it; the
 * console's pages have theirs (`console-route-data/`, one per page), so that neither side loads, and builds the
 * schemas of, the other's requests (ADR 51).
 */
export function prefetchRouteData(queryClient: QueryClient, preload: RoutePreload): void {
  // Every page behind the login reads the account (the console's role check, the header).
  void queryClient.prefetchQuery(meQueryOptions());
  switch (preload.route) {
    case 'profile':
      // The header's bell and picture, the route's status, then the tab's own data.
      void queryClient.prefetchQuery(unreadCountQueryOptions());
      void queryClient.prefetchQuery(avatarQueryOptions());
      void queryClient.prefetchQuery(userStatusQueryOptions());
      if (preload.tab === 'personal') void queryClient.prefetchQuery(fullUserInfoQueryOptions());
      if (preload.tab === 'history') {
        void queryClient.prefetchQuery(appointmentHistoryQueryOptions());
        void queryClient.prefetchQuery(nextEligibleQueryOptions());
      }
      if (preload.tab === 'record') {
        void queryClient.prefetchQuery(donationRecordQueryOptions());
        void queryClient.prefetchQuery(myHonoursQueryOptions());
        // The offer to receive appeals above the record reads the consents.
        void queryClient.prefetchQuery(consentsQueryOptions());
      }
      return;
    case 'registration':
      // The header's bell and picture, and the status its create-profile link reads (root-layout.tsx).
      void queryClient.prefetchQuery(unreadCountQueryOptions());
      void queryClient.prefetchQuery(avatarQueryOptions());
      void queryClient.prefetchQuery(userStatusQueryOptions());
      void queryClient.prefetchQuery(wizardCampaignsQueryOptions());
      return;
    case 'notifications':
      void queryClient.prefetchQuery(unreadCountQueryOptions());
      void queryClient.prefetchQuery(avatarQueryOptions());
      void queryClient.prefetchQuery(userStatusQueryOptions());
      void queryClient.prefetchInfiniteQuery(notificationPagesQueryOptions('all'));
      void queryClient.prefetchQuery(notificationPreferencesQueryOptions());
      return;
  }
}
