import { API } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The avatar comes as bytes through the API client (an <img> cannot send the bearer token) and
 * is shown through an object URL. Only the latest URL is kept alive: the previous one is revoked
 * when a new image arrives, so replacing the avatar does not leak memory.
 */
let currentUrl: string | null = null;

export async function getAvatarUrl(signal?: AbortSignal): Promise<string | null> {
  const blob = await api.getBlob(API.userAvatar, { signal });
  // No avatar yet (204): the initials are shown instead.
  if (!blob) return null;
  const next = URL.createObjectURL(blob);
  if (currentUrl) URL.revokeObjectURL(currentUrl);
  currentUrl = next;
  return next;
}

export const avatarQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'avatar'] as const,
    queryFn: ({ signal }) => getAvatarUrl(signal),
    retry: false,
  });

export function useAvatarUrl() {
  return useQuery(avatarQueryOptions());
}
