import type { QueryClient } from '@tanstack/react-query';
import { adminCampaignQueryOptions } from '../../features/console/api/get-admin-campaign';
import {
  campaignAppointmentsQueryOptions,
  FIRST_DAY_PAGE,
} from '../../features/console/api/get-campaign-appointments';
import { prefetchFrameData } from './frame';

/** A campaign's day page: the campaign and the first page of its day list. */
export function prefetch(queryClient: QueryClient, campaignId: number): void {
  prefetchFrameData(queryClient);
  void queryClient.prefetchQuery(adminCampaignQueryOptions(campaignId));
  void queryClient.prefetchQuery(campaignAppointmentsQueryOptions(campaignId, FIRST_DAY_PAGE));
}
