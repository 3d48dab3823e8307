import { DATA_RIGHTS_API, type TDeletionStatus, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** A donor's account-deletion request, for the staff donor record. */
export const useDonorDeletion = (userId: number) =>
  useQuery({
    queryKey: [...adminKeys.all, 'donor-deletion', userId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<TEnvelope<TDeletionStatus>>(DATA_RIGHTS_API.adminDeletion(userId), { signal })).data,
  });
