import { type TEnvelope, ADMIN_CAMPAIGN_API, type TAdminCampaign } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/campaigns/{id}/image (multipart `file`): checked by content and re-encoded on the server. */
export function uploadCampaignImage(id: number, file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<TEnvelope<TAdminCampaign>>(ADMIN_CAMPAIGN_API.campaignImage(id), form, { onProgress });
}

export function useUploadCampaignImage(id: number, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCampaignImage(id, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
