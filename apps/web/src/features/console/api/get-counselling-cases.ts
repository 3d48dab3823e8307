import { ADMIN_TASKS_API, type TCounsellingCase, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TTaskStatus } from '../lib/task-rules';
import { counsellingKeys } from './admin-keys';

/** GET /api/admin/tasks/counselling?status (ADMIN or RESULT_COUNSELLING): an audited view. */
export const getCounsellingCases = async (status: TTaskStatus, signal?: AbortSignal) =>
  (
    await api.get<TEnvelope<TCounsellingCase[]>>(ADMIN_TASKS_API.counselling, {
      query: { status },
      signal,
    })
  ).data;

/** `enabled`: only for someone allowed to see them (the server refuses the others anyway). */
export const useCounsellingCases = (status: TTaskStatus, enabled: boolean) =>
  useQuery({
    queryKey: counsellingKeys.list(status),
    queryFn: ({ signal }) => getCounsellingCases(status, signal),
    enabled,
    // Each read is a row in the donors' access logs: no refetch on focus or reconnect.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
