import { ADMIN_TASKS_API, type TBloodGroupTask, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TTaskStatus } from '../lib/task-rules';
import { adminKeys } from './admin-keys';

/** GET /api/admin/tasks/blood-groups?status: lab groups that differ from an earlier lab group. */
export const getBloodGroupTasks = async (status: TTaskStatus, signal?: AbortSignal) =>
  (
    await api.get<TEnvelope<TBloodGroupTask[]>>(ADMIN_TASKS_API.bloodGroups, {
      query: { status },
      signal,
    })
  ).data;

export const useBloodGroupTasks = (status: TTaskStatus) =>
  useQuery({
    queryKey: adminKeys.bloodGroupTasks(status),
    queryFn: ({ signal }) => getBloodGroupTasks(status, signal),
  });
