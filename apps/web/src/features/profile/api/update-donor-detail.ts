import { API, type TDonorDetailRequest, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateUserData } from './invalidate-user-data';

export function updateDonorDetail(detail: TDonorDetailRequest) {
  return api.put<TEnvelope<unknown>>(API.userUpdateDetail, detail);
}

export function useUpdateDonorDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDonorDetail,
    onSuccess: () => invalidateUserData(queryClient),
  });
}
