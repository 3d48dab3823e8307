import { CERTIFICATE_API, type TEnvelope, type TPublicCertificate } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { certificateKeys } from './certificate-keys';

/** GET /api/public/certificates/{serial}: no login; the signature from the link is checked by the server. */
export async function getPublicCertificate(
  serial: string,
  signature: string | null,
  signal?: AbortSignal,
): Promise<TPublicCertificate> {
  const url = withQuery(CERTIFICATE_API.publicBySerial(serial), { signature: signature ?? undefined });
  return (await api.get<TEnvelope<TPublicCertificate>>(url, { signal, auth: false })).data;
}

export const usePublicCertificate = (serial: string, signature: string | null) =>
  useQuery({
    queryKey: certificateKeys.verify(serial, signature),
    queryFn: ({ signal }) => getPublicCertificate(serial, signature, signal),
    // A certificate's state changes rarely, and a verifier reloads on purpose.
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
