import { DASHBOARD_API, type TDashboard, type TEnvelope } from '@giot-hong/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { adminKeys } from './admin-keys';

/** GET /api/admin/dashboard for the days `from` … `to` (Vietnam, both included). */
export const useDashboard = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.dashboard(from, to),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api.get<TEnvelope<TDashboard>>(withQuery(DASHBOARD_API.dashboard, { from, to }), { signal }))
        .data,
  });
