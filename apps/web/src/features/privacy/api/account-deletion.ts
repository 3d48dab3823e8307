import { DATA_RIGHTS_API, type TDeletionStatus, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privacyKeys } from './privacy-keys';

export async function getDeletionStatus(signal?: AbortSignal): Promise<TDeletionStatus> {
  return (await api.get<TEnvelope<TDeletionStatus>>(DATA_RIGHTS_API.deletion, { signal })).data;
}

export function useDeletionStatus() {
  return useQuery(
    queryOptions({ queryKey: privacyKeys.deletion, queryFn: ({ signal }) => getDeletionStatus(signal) }),
  );
}

/** 'Xóa tài khoản': the password, then a confirmation link by e-mail. */
export function useRequestDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post<TEnvelope<TDeletionStatus>>(DATA_RIGHTS_API.deletion, { password }),
    onSuccess: () => qc.invalidateQueries({ queryKey: privacyKeys.deletion }),
  });
}

export function useCancelDeletion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<TEnvelope<null>>(DATA_RIGHTS_API.deletion),
    onSuccess: () => qc.invalidateQueries({ queryKey: privacyKeys.deletion }),
  });
}

/** The e-mailed link's page: the token comes from the URL fragment. */
export function useConfirmDeletion() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<TEnvelope<TDeletionStatus>>(DATA_RIGHTS_API.deletionConfirm, { token }, { auth: false }),
  });
}
