import { API } from '@giot-hong/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/**
 * The avatar comes as bytes through the API client (an <img> cannot send the bearer token) and
 * is shown through an object URL. Only the latest URL is kept alive: the previous one is revoked
 * when a new image arrives, so replacing the avatar does not leak memory.
 */
let currentUrl: string | null = null;

export async function getAvatarUrl(signal?: AbortSignal): Promise<string | null> {
  let blob: Blob;
  try {
    blob = await api.getBlob(API.userAvatar, { signal });
  } catch (e) {
    // No avatar yet: the initials are shown instead.
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
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
