import { API, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { avatarQueryOptions } from './get-avatar';

export function uploadAvatar(file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return api.upload<TEnvelope<{ avatar_url: string }>>(API.userAvatar, form, { onProgress });
}

export function useUploadAvatar(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: avatarQueryOptions().queryKey }),
  });
}
