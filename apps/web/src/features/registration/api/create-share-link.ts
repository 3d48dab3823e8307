import { API, type TEnvelope, type TShareLink } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';

/** Our own short link for a campaign (POST /api/share-links); public, so no token. */
export async function createShareLink(campaignId: number): Promise<TShareLink> {
  const body = await api.post<TEnvelope<TShareLink>>(API.shareLinks, { campaignId }, { auth: false });
  if (!body?.data?.link) throw new Error('no link');
  return body.data;
}
