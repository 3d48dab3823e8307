import { CERTIFICATE_API, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/certificates/{serial}/revoke: a certificate recorded in error (409 if already revoked). */
export const revokeCertificate = ({ serial, reason }: { serial: string; reason: string }) =>
  api.post<TEnvelope<null>>(CERTIFICATE_API.adminRevoke(serial), { reason });

/**
 * Refreshes the donor's certificates only (the donor view itself is an audited read that a
 * revocation does not change; the day list asks again on its own).
 */
export function useRevokeCertificate(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.donorCertificates(userId) }),
  });
}
