import { API, type TEnvelope, type TIdCardExtract } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';

export type IdCardSide = 'front' | 'back';

/**
 * POST /recognition-id (multipart). The front creates the extract; the back completes it and
 * needs the front's extract id. Answers the extract as read so far.
 */
export async function uploadIdCardSide(input: {
  side: IdCardSide;
  file: File;
  extractId?: string;
  onProgress?: (fraction: number) => void;
}): Promise<TIdCardExtract> {
  const form = new FormData();
  form.append('type', input.side);
  if (input.side === 'back' && input.extractId) form.append('extract_id', input.extractId);
  form.append('image', input.file);
  const body = await api.upload<TEnvelope<TIdCardExtract>>(API.recognitionId, form, {
    onProgress: input.onProgress,
  });
  return body.data;
}
