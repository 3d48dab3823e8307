import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';

export const ZJob = z.object({ id: z.number().int(), job: z.string() });
export type TJob = z.infer<typeof ZJob>;

export const ZOrganization = z.object({ id: z.number().int(), name: z.string(), type: z.string() });
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZJobListResponse = ZEnvelope(z.array(ZJob));
export const ZOrganizationListResponse = ZEnvelope(z.array(ZOrganization));

/**
 * The synthetic 'Tự do' organization (id 0, type OTHER): the server lists it
 * first in GET /api/organization/by-type/other; saving id 0 stores "no organization".
 */
export const FREE_ORGANIZATION: TOrganization = { id: 0, name: 'Tự do', type: 'OTHER' };
