import {
  CAMPAIGN_ADMIN_MESSAGES,
  APPOINTMENT_MESSAGES,
  ErrorCode,
  REGISTRATION_MESSAGES,
  SLOT_MESSAGES,
  SLOT_RULES,
  slotEnd,
  slotLabel,
  type TAdminSlotCapacitiesRequest,
  type TSlot,
} from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { audit } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import { rescheduleRefusal } from './reschedule-rule.ts';
import { slotRepository, type SlotRow, type SlotWindow } from './slots.repository.ts';

const MINUTE_MS = 60_000;

/** Slots starting after this instant can still be booked: a slot is open until it ends. */
export const bookableAfter = (c: Pick<SlotWindow, 'slotMinutes'>, now: Date) =>
  new Date(now.getTime() - c.slotMinutes * MINUTE_MS);

export function toSlotDto(r: SlotRow, c: Pick<SlotWindow, 'endReceiveTime' | 'slotMinutes'>): TSlot {
  const end = slotEnd(r.start, c.endReceiveTime, c.slotMinutes);
  return {
    start: r.start.toISOString(),
    end: end.toISOString(),
    label: slotLabel(r.start, end),
    capacity: r.capacity,
    booked: r.booked,
    available: Math.max(0, r.capacity - r.booked),
  };
}

/** The free, still bookable slots nearest in time to `target`, as their labels in time order. */
export function nearestFree(rows: SlotRow[], c: SlotWindow, target: Date, now: Date): TSlot[] {
  const after = bookableAfter(c, now).getTime();
  return rows
    .filter(
      (r) => r.booked < r.capacity && r.start.getTime() > after && r.start.getTime() !== target.getTime(),
    )
    .sort(
      (a, b) =>
        Math.abs(a.start.getTime() - target.getTime()) - Math.abs(b.start.getTime() - target.getTime()) ||
        a.start.getTime() - b.start.getTime(),
    )
    .slice(0, SLOT_RULES.suggestions)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((r) => toSlotDto(r, c));
}

/** 409: the slot is full; the message names the nearest free slots, `details.slots` lists them. */
export function slotFullError(
  rows: SlotRow[],
  c: SlotWindow,
  target: Date | undefined,
  now: Date,
): HttpError {
  if (!target)
    return new HttpError(ErrorCode.CONFLICT, SLOT_MESSAGES.campaignFull, { details: { slots: [] } });
  const nearest = nearestFree(rows, c, target, now);
  const label = slotLabel(target, slotEnd(target, c.endReceiveTime, c.slotMinutes));
  return new HttpError(
    ErrorCode.CONFLICT,
    SLOT_MESSAGES.slotFull(
      label,
      nearest.map((s) => s.label),
    ),
    { details: { slots: nearest } },
  );
}

/** Thrown inside a booking transaction when the place could not be taken: the transaction rolls back. */
export class SlotFull extends Error {
  constructor(readonly start: Date | undefined) {
    super('slot full');
  }
}

export function createSlotService(deps: { db: Db; clock: Clock; onSlotsChanged: () => void }) {
  const { db, clock } = deps;

  async function publicCampaign(id: number) {
    const c = await slotRepository.publicCampaign(db, id);
    if (!c) throw notFound(REGISTRATION_MESSAGES.campaignNotFound);
    return c;
  }

  async function slotsOf(c: SlotWindow) {
    const rows = await slotRepository.list(db, c.id);
    if (rows.length) return rows;
    await slotRepository.ensure(db, c);
    return slotRepository.list(db, c.id);
  }

  return {
    /** The public slot list of a published, not cancelled campaign. */
    async list(campaignId: number): Promise<TSlot[]> {
      const c = await publicCampaign(campaignId);
      return (await slotsOf(c)).map((r) => toSlotDto(r, c));
    },

    /** Staff: new capacities of some slots, all or nothing, never below the places already booked. */
    async setCapacities(
      actor: Actor,
      campaignId: number,
      items: TAdminSlotCapacitiesRequest,
    ): Promise<TSlot[]> {
      const c = await slotRepository.campaign(db, campaignId);
      if (!c) throw notFound(CAMPAIGN_ADMIN_MESSAGES.campaignNotFound);
      if (c.cancelledAt) throw conflict(CAMPAIGN_ADMIN_MESSAGES.campaignCancelled);
      const rows = await slotsOf(c);
      const byStart = new Map(rows.map((r) => [r.start.getTime(), r]));
      for (const item of items)
        if (!byStart.has(Date.parse(item.start))) throw badRequest(SLOT_MESSAGES.slotNotFound);
      const now = clock.now();
      await db.transaction(async (tx) => {
        // In time order, as every writer of several slots does: no two transactions wait on each other.
        const sorted = [...items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
        for (const item of sorted) {
          const start = new Date(item.start);
          if (!(await slotRepository.setCapacity(tx, c.id, start, item.capacity))) {
            const [current] = (await slotRepository.list(tx, c.id)).filter(
              (r) => r.start.getTime() === start.getTime(),
            );
            throw conflict(
              SLOT_MESSAGES.capacityBelowBooked(
                slotLabel(start, slotEnd(start, c.endReceiveTime, c.slotMinutes)),
                current?.booked ?? 0,
              ),
            );
          }
        }
        await audit(tx, actor, 'campaign.slots', { type: 'campaign', id: c.id }, now, {
          detail: { slots: items.length },
        });
      });
      deps.onSlotsChanged();
      return (await slotRepository.list(db, c.id)).map((r) => toSlotDto(r, c));
    },

    /**
     * Moves the donor's own booking to another slot of the same campaign, in one transaction: the
     * new place is taken and the old one freed together, or nothing changes. Slots are locked in
     * time order, so two donors swapping slots never deadlock.
     */
    async reschedule(userId: number, appointmentId: number, slotStart: string) {
      const target = new Date(slotStart);
      const now = clock.now();
      let campaign: SlotWindow | undefined;
      try {
        return await db.transaction(async (tx) => {
          const a = await slotRepository.lockOwnedAppointment(tx, userId, appointmentId);
          if (!a) throw notFound(APPOINTMENT_MESSAGES.notFound);
          campaign = a.campaign;
          const refusal = rescheduleRefusal(a, now);
          if (refusal) throw conflict(refusal);
          if (a.slotStart?.getTime() === target.getTime()) throw conflict(SLOT_MESSAGES.rescheduleSameSlot);
          const slot = (await slotRepository.list(tx, a.campaignId)).find(
            (r) => r.start.getTime() === target.getTime(),
          );
          if (!slot) throw badRequest(SLOT_MESSAGES.slotNotFound);
          if (slot.start.getTime() <= bookableAfter(a.campaign, now).getTime())
            throw conflict(SLOT_MESSAGES.slotPassed);
          const old = a.slotStart;
          if (old && old.getTime() < target.getTime()) {
            await slotRepository.release(tx, a.campaignId, old);
            if (!(await slotRepository.take(tx, a.campaignId, target))) throw new SlotFull(target);
          } else {
            if (!(await slotRepository.take(tx, a.campaignId, target))) throw new SlotFull(target);
            await slotRepository.release(tx, a.campaignId, old);
          }
          await slotRepository.moveAppointment(tx, a.id, target, now);
          return {
            appointmentId: a.id,
            slotStart: target.toISOString(),
            slotEnd: slotEnd(target, a.campaign.endReceiveTime, a.campaign.slotMinutes).toISOString(),
          };
        });
      } catch (err) {
        if (err instanceof SlotFull && campaign)
          throw slotFullError(await slotRepository.list(db, campaign.id), campaign, target, clock.now());
        throw err;
      }
    },
  };
}
export type SlotService = ReturnType<typeof createSlotService>;
