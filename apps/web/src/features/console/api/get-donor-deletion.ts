import { DATA_RIGHTS_API, type TDeletionStatus, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/users/{id}/deletion-request: a donor's account-deletion request, for the staff donor record. */
export const getDonorDeletion = async (userId: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TDeletionStatus>>(DATA_RIGHTS_API.adminDeletion(userId), { signal })).data;

export const useDonorDeletion = (userId: number) =>
  useQuery({
    queryKey: adminKeys.donorDeletion(userId),
    queryFn: ({ signal }) => getDonorDeletion(userId, signal),
  });
