import { API, EXTRACT_STATUS, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';

/** POST /status with CONFIRM_MATCHED; answers the resulting verification status (EXTRACTED or PENDING). */
export async function confirmExtract(extractId: string): Promise<string> {
  const body = await api.post<TEnvelope<{ status?: string } | null>>(API.extractStatus, {
    extract_id: extractId,
    extract_status: EXTRACT_STATUS.CONFIRM_MATCHED,
  });
  return body.data?.status ?? '';
}
