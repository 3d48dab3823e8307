import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';

/** A campaign as clients read it. Times are ISO-8601 strings in UTC. */
export const ZCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  organizeTime: z.string(),
  startReceiveTime: z.string(),
  endReceiveTime: z.string(),
  description: z.string(),
  appointmentCount: z.number().int(),
  targetBloodUnits: z.number().int(),
  questionSetId: z.number().int(),
  imageUrl: z.string().nullable(),
  /** Places left over the campaign's time slots (ours; older clients ignore it). */
  placesLeft: z.number().int().optional(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignListResponse = ZEnvelope(z.array(ZCampaign));
export type TCampaignListResponse = z.infer<typeof ZCampaignListResponse>;
