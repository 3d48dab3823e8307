import {
  addDays,
  DASHBOARD_API,
  DASHBOARD_DEFAULT_DAYS,
  type TDashboard,
  type TEnvelope,
} from '@giot-hong/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { vnToday } from '../../../lib/vn-time';
import { adminKeys } from './admin-keys';

/** The period the overview opens on: the last DASHBOARD_DEFAULT_DAYS days, today included. */
export function defaultDashboardPeriod(today = vnToday()) {
  return { from: addDays(today, -(DASHBOARD_DEFAULT_DAYS - 1)), to: today };
}

/** The address of the figures of the days `from` … `to` (the server names it too: app/first-requests-of.ts). */
export const dashboardUrl = (from: string, to: string) => withQuery(DASHBOARD_API.dashboard, { from, to });

/** GET /api/admin/dashboard for the days `from` … `to` (Vietnam, both included). */
export const dashboardQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.dashboard(from, to),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get<TEnvelope<TDashboard>>(dashboardUrl(from, to), { signal })).data,
  });

export const useDashboard = (from: string, to: string, enabled: boolean) =>
  useQuery({ ...dashboardQueryOptions(from, to), enabled });
