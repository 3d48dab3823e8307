import { z } from 'zod';
import { zInstant } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { SLOT_MESSAGES as M, SLOT_RULES } from './slot-rules.ts';

/** Time slots' API (issue #21): public slot list, staff capacities, the donor's reschedule. */
export const SLOT_API = {
  campaignSlots: (id: number | string) => `/api/campaigns/${id}/slots`,
  adminCampaignSlots: (id: number | string) => `/api/admin/campaigns/${id}/slots`,
  appointmentSlot: (id: number | string) => `/api/appointments/${id}/slot`,
} as const;

/** An ISO instant naming a slot's start. */
export const ZSlotStart = zInstant({ message: M.slotStartInvalid });

export const ZSlotMinutes = z
  .number({ error: M.minutesRange })
  .int(M.minutesRange)
  .min(SLOT_RULES.minMinutes, M.minutesRange)
  .max(SLOT_RULES.maxMinutes, M.minutesRange);

export const ZSlotCapacity = z
  .number({ error: M.capacityRange })
  .int(M.capacityRange)
  .min(1, M.capacityRange)
  .max(SLOT_RULES.maxCapacity, M.capacityRange);

/** One slot: ISO instants (UTC); `label` is 'HH:mm – HH:mm' in Vietnam time. */
export const ZSlot = z.object({
  start: z.string(),
  end: z.string(),
  label: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  available: z.number().int(),
});
export type TSlot = z.infer<typeof ZSlot>;
export const ZSlotListResponse = ZEnvelope(z.array(ZSlot));

/** PUT /api/admin/campaigns/{id}/slots: new capacities of some slots (never below the places booked). */
export const ZAdminSlotCapacitiesRequest = z
  .array(z.object({ start: ZSlotStart, capacity: ZSlotCapacity }))
  .min(1, M.slotsRequired)
  .max(SLOT_RULES.maxSlots);
export type TAdminSlotCapacitiesRequest = z.infer<typeof ZAdminSlotCapacitiesRequest>;

/** PUT /api/appointments/{id}/slot: move the donor's booking to another slot of the same campaign. */
export const ZRescheduleRequest = z.object({ slotStart: ZSlotStart });
export type TRescheduleRequest = z.infer<typeof ZRescheduleRequest>;
export const ZRescheduleResponse = ZEnvelope(
  z.object({ appointmentId: z.number().int(), slotStart: z.string(), slotEnd: z.string() }),
);
