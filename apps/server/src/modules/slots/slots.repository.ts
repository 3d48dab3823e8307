import { defaultSlotCapacity, slotStarts } from '@giot-hong/contract';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appointments, campaignSlots, campaigns } from '../../db/schema/index.ts';

export type SlotRow = typeof campaignSlots.$inferSelect;

/** The parts of a campaign its slots follow. */
export type SlotWindow = {
  id: number;
  startReceiveTime: Date;
  endReceiveTime: Date;
  slotMinutes: number;
  slotCapacity: number;
};

/** A donor's booking with what a move to another slot checks: its state and its campaign's window. */
export type AppointmentForMove = {
  id: number;
  campaignId: number;
  status: string;
  checkedInAt: Date | null;
  slotStart: Date | null;
  startReceiveTime: Date;
  campaignCancelledAt: Date | null;
  campaign: SlotWindow;
};

const bySlot = (campaignId: number, start: Date) =>
  and(eq(campaignSlots.campaignId, campaignId), eq(campaignSlots.start, start));

/** The capacity a campaign's new slots get when staff leave it out: the target spread over the slots. */
export function capacityFor(
  c: { startReceiveTime: Date; endReceiveTime: Date; targetBloodUnits: number },
  minutes: number,
) {
  return defaultSlotCapacity(
    c.targetBloodUnits,
    slotStarts(c.startReceiveTime, c.endReceiveTime, minutes).length,
  );
}

export const slotRepository = {
  async list(db: Tx, campaignId: number): Promise<SlotRow[]> {
    return db
      .select()
      .from(campaignSlots)
      .where(eq(campaignSlots.campaignId, campaignId))
      .orderBy(asc(campaignSlots.start));
  },

  /**
   * Creates the slots of a campaign that has none (one written before slots existed, or straight
   * into the table): concurrent callers insert the same keys, the second one inserts nothing.
   */
  async ensure(db: Tx, c: SlotWindow): Promise<void> {
    const starts = slotStarts(c.startReceiveTime, c.endReceiveTime, c.slotMinutes);
    if (!starts.length) return;
    await db
      .insert(campaignSlots)
      .values(starts.map((start) => ({ campaignId: c.id, start, capacity: c.slotCapacity })))
      .onConflictDoNothing();
  },

  /**
   * Brings the slots in line with the campaign's window and length: new starts are added with the
   * campaign's capacity, starts no longer in the window are removed if nobody booked them. Returns
   * the slots that hold bookings and would have to go (nothing is changed then), or [] when done.
   * `capacity`, when given, becomes every slot's capacity (refused below a slot's bookings).
   */
  async sync(db: Tx, c: SlotWindow, capacity?: number): Promise<{ blocked: SlotRow[]; tooSmall: SlotRow[] }> {
    const starts = slotStarts(c.startReceiveTime, c.endReceiveTime, c.slotMinutes);
    const wanted = new Set(starts.map((s) => s.getTime()));
    // Locks the campaign's slots: a booking racing the change waits for it, then finds its slot or not.
    const current = await db
      .select()
      .from(campaignSlots)
      .where(eq(campaignSlots.campaignId, c.id))
      .orderBy(asc(campaignSlots.start))
      .for('update');
    const gone = current.filter((s) => !wanted.has(s.start.getTime()));
    const blocked = gone.filter((s) => s.booked > 0);
    const tooSmall =
      capacity === undefined
        ? []
        : current.filter((s) => wanted.has(s.start.getTime()) && s.booked > capacity);
    if (blocked.length || tooSmall.length) return { blocked, tooSmall };
    for (const s of gone) await db.delete(campaignSlots).where(bySlot(c.id, s.start));
    if (capacity !== undefined)
      await db.update(campaignSlots).set({ capacity }).where(eq(campaignSlots.campaignId, c.id));
    const have = new Set(current.map((s) => s.start.getTime()));
    const added = starts.filter((s) => !have.has(s.getTime()));
    if (added.length)
      await db
        .insert(campaignSlots)
        .values(added.map((start) => ({ campaignId: c.id, start, capacity: c.slotCapacity })))
        .onConflictDoNothing();
    return { blocked: [], tooSmall: [] };
  },

  /** Takes one place of the slot if one is left: the single statement that prevents overbooking. */
  async take(db: Tx, campaignId: number, start: Date): Promise<boolean> {
    const rows = await db
      .update(campaignSlots)
      .set({ booked: sql`${campaignSlots.booked} + 1` })
      .where(and(bySlot(campaignId, start), lt(campaignSlots.booked, campaignSlots.capacity)))
      .returning({ start: campaignSlots.start });
    return rows.length > 0;
  },

  /** The earliest slot starting after `notBefore` that still has a place (a hint: `take` decides). */
  async earliestFree(db: Tx, campaignId: number, notBefore: Date): Promise<Date | undefined> {
    const rows = await db
      .select({ start: campaignSlots.start })
      .from(campaignSlots)
      .where(
        and(
          eq(campaignSlots.campaignId, campaignId),
          gt(campaignSlots.start, notBefore),
          lt(campaignSlots.booked, campaignSlots.capacity),
        ),
      )
      .orderBy(asc(campaignSlots.start))
      .limit(1);
    return rows[0]?.start;
  },

  /** Gives a place back (a cancellation, a move to another slot). */
  async release(db: Tx, campaignId: number, start: Date | null): Promise<void> {
    if (!start) return;
    await db
      .update(campaignSlots)
      .set({ booked: sql`greatest(${campaignSlots.booked} - 1, 0)` })
      .where(bySlot(campaignId, start));
  },

  /** Recounts every slot of a campaign from its live appointments (after a campaign is cancelled). */
  async recount(db: Tx, campaignId: number): Promise<void> {
    await db
      .update(campaignSlots)
      .set({
        booked: sql`(select count(*)::integer from ${appointments} where ${appointments.campaignId} = ${campaignSlots.campaignId} and ${appointments.slotStart} = ${campaignSlots.start} and ${appointments.status} <> 'CANCELLED')`,
      })
      .where(eq(campaignSlots.campaignId, campaignId));
  },

  /** Sets one slot's capacity unless it holds more bookings; returns whether it did. */
  async setCapacity(db: Tx, campaignId: number, start: Date, capacity: number): Promise<boolean> {
    const rows = await db
      .update(campaignSlots)
      .set({ capacity })
      .where(and(bySlot(campaignId, start), sql`${campaignSlots.booked} <= ${capacity}`))
      .returning({ start: campaignSlots.start });
    return rows.length > 0;
  },

  /** A campaign whatever its state (staff edit its slots), or undefined. */
  async campaign(db: Tx, id: number) {
    const rows = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
    return rows[0];
  },

  /** A campaign donors may see: published and not cancelled; otherwise undefined. */
  async publicCampaign(db: Tx, id: number) {
    const rows = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.isPublished, true), isNull(campaigns.cancelledAt)))
      .limit(1);
    return rows[0];
  },

  /**
   * The donor's own appointment with its campaign, locked for a move to another slot until the
   * transaction ends (someone else's appointment: undefined, as if it did not exist).
   */
  async lockOwnedAppointment(tx: Tx, userId: number, id: number): Promise<AppointmentForMove | undefined> {
    const rows = await tx
      .select({ a: appointments, c: campaigns })
      .from(appointments)
      .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
      .where(and(eq(appointments.id, id), eq(appointments.userId, userId)))
      .limit(1)
      .for('update', { of: appointments });
    const r = rows[0];
    if (!r) return undefined;
    return {
      id: r.a.id,
      campaignId: r.a.campaignId,
      status: r.a.status,
      checkedInAt: r.a.checkedInAt,
      slotStart: r.a.slotStart,
      startReceiveTime: r.c.startReceiveTime,
      campaignCancelledAt: r.c.cancelledAt,
      campaign: r.c,
    };
  },

  /** Points an appointment at its new slot (the places were already taken and released). */
  async moveAppointment(tx: Tx, id: number, start: Date, at: Date): Promise<void> {
    await tx.update(appointments).set({ slotStart: start, updatedAt: at }).where(eq(appointments.id, id));
  },
};
