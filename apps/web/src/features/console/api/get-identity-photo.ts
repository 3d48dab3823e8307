import { ADMIN_IDENTITY_API } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { identityPhotoKey } from './admin-keys';

/** One side of the ID card as an object URL, or null when the server has no photo. */
export async function getIdentityPhoto(extractId: string, side: 'front' | 'back'): Promise<string | null> {
  const blob = await api.getBlob(ADMIN_IDENTITY_API.reviewImage(extractId, side));
  return blob ? URL.createObjectURL(blob) : null;
}

/**
 * The photo is fetched through the API client because an <img src> cannot carry the staff's
 * bearer token. Nothing is cached beyond the viewer's life (gcTime 0): the photo is personal
 * data, and each view is audited.
 */
export const useIdentityPhoto = (extractId: string, side: 'front' | 'back', enabled: boolean) =>
  useQuery({
    queryKey: identityPhotoKey(extractId, side),
    queryFn: () => getIdentityPhoto(extractId, side),
    enabled,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });
