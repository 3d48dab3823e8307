import { CERTIFICATE_API, type TAdminCertificate, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/donors/{id}/certificates: the donor's certificates, what remains and the uses. */
export const getDonorCertificates = async (userId: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminCertificate[]>>(CERTIFICATE_API.adminForDonor(userId), { signal })).data;

/** An audited read, like the donor view: asked once, and again only after a change to them. */
export const useDonorCertificates = (userId: number) =>
  useQuery({
    queryKey: adminKeys.donorCertificates(userId),
    queryFn: ({ signal }) => getDonorCertificates(userId, signal),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
