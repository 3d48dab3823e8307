import { CERTIFICATE_API, type TCertificateUseRequest, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/certificates/{serial}/uses: a hospital's use (409 beyond what remains). */
export const recordCertificateUse = async ({
  serial,
  body,
}: {
  serial: string;
  body: TCertificateUseRequest;
}) => (await api.post<TEnvelope<{ remainingMl: number }>>(CERTIFICATE_API.adminUses(serial), body)).data;

/** Refreshes the donor's certificates (the only view of what remains). */
export function useRecordCertificateUse(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCertificateUse,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.donorCertificates(userId) }),
  });
}
