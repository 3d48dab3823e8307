import { CERTIFICATE_API } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/**
 * GET /api/certificates/{serial}.pdf for staff (the server audits it with the donor as subject),
 * through the API client: a plain link cannot send the bearer token.
 */
export async function downloadCertificate(serial: string): Promise<void> {
  const { blob, fileName } = await api.getFile(CERTIFICATE_API.pdf(serial));
  saveDownload(blob, 'application/pdf', fileName ?? `giay-chung-nhan-${serial}.pdf`);
}

export const useDownloadCertificate = () => useMutation({ mutationFn: downloadCertificate });
