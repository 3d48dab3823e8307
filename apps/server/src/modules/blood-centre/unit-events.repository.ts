import { and, eq, inArray, sql } from 'drizzle-orm';
import { FINISHED_APPOINTMENT_STATUSES } from '@giot-hong/contract';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import {
  appointments,
  bloodGroupTasks,
  counsellingCases,
  donorProfiles,
  unitEvents,
  unitIssuedMessages,
  users,
} from '../../db/schema/index.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';

export type NewUnitEvent = typeof unitEvents.$inferInsert;

/**
 * The lab's group becomes the donor's confirmed one; `declared`, when given, replaces the group the
 * donor typed (shared by the events and by staff resolving a difference).
 */
export async function confirmLabGroup(
  tx: Tx,
  userId: number,
  lab: string,
  declared: string | undefined,
  at: Date,
): Promise<void> {
  await tx
    .insert(donorProfiles)
    .values({ userId, labBloodGroup: lab, labBloodGroupAt: at, bloodGroup: declared ?? null, updatedAt: at })
    .onConflictDoUpdate({
      target: donorProfiles.userId,
      set: {
        labBloodGroup: lab,
        labBloodGroupAt: at,
        ...(declared === undefined ? {} : { bloodGroup: declared }),
        updatedAt: at,
      },
    });
}

/**
 * The blood centre's events and what they change. Each event is handled in a transaction of its
 * own that first locks its donation's row (`unit`): events about one unit, from any number of
 * batches and processes, are applied one after the other; the donor's profile is locked after it,
 * always in that order.
 */
export function createUnitEventsRepository(db: Db) {
  return {
    auditWriter: db as AuditWriter,
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Tx)),

    /** A stored event by the sender's id (unit_events_event_id_uq). */
    async byEventId(tx: Tx, eventId: string) {
      const [row] = await tx
        .select({ id: unitEvents.id, payloadHash: unitEvents.payloadHash })
        .from(unitEvents)
        .where(eq(unitEvents.eventId, eventId))
        .limit(1);
      return row;
    },

    /**
     * The donation that recorded exactly this unit number (appointments_unit_number_uq), locked
     * until the transaction ends. Never a near match: a unit number is matched whole or not at all.
     */
    async lockUnit(tx: Tx, unitNumber: string) {
      const [row] = await tx
        .select({ id: appointments.id, userId: appointments.userId, donatedAt: appointments.donatedAt })
        .from(appointments)
        .where(
          and(
            eq(appointments.unitNumber, unitNumber),
            inArray(appointments.status, [...FINISHED_APPOINTMENT_STATUSES]),
          ),
        )
        .for('update');
      return row;
    },

    /** Stores the event unless its id is taken (then undefined: a concurrent sender was first). */
    async insertEvent(tx: Tx, v: NewUnitEvent): Promise<number | undefined> {
      const [row] = await tx
        .insert(unitEvents)
        .values(v)
        .onConflictDoNothing({ target: unitEvents.eventId })
        .returning({ id: unitEvents.id });
      return row?.id;
    },

    /** The donor's self-declared and lab groups, locked (after the unit) for the group rules. */
    async lockGroups(tx: Tx, userId: number) {
      const [row] = await tx
        .select({ declared: donorProfiles.bloodGroup, lab: donorProfiles.labBloodGroup })
        .from(donorProfiles)
        .where(eq(donorProfiles.userId, userId))
        .for('update');
      return row;
    },

    confirmGroup: confirmLabGroup,

    /** A blood-group difference for staff; one open per donor and reported group. */
    async openBloodGroupTask(tx: Tx, v: typeof bloodGroupTasks.$inferInsert): Promise<void> {
      await tx.insert(bloodGroupTasks).values(v).onConflictDoNothing();
    },

    /** A counselling case for the donation; returns its id when this call opened it. */
    async openCounsellingCase(tx: Tx, v: typeof counsellingCases.$inferInsert): Promise<number | undefined> {
      const [row] = await tx
        .insert(counsellingCases)
        .values(v)
        .onConflictDoNothing({ target: counsellingCases.appointmentId })
        .returning({ id: counsellingCases.id });
      return row?.id;
    },

    /** Queues the donation's one 'sent to a hospital' message (a second ISSUED queues nothing). */
    async queueIssuedMessage(tx: Tx, v: typeof unitIssuedMessages.$inferInsert): Promise<void> {
      await tx
        .insert(unitIssuedMessages)
        .values(v)
        .onConflictDoNothing({ target: unitIssuedMessages.appointmentId });
    },

    // --- the day-time sender of the ISSUED messages ---------------------------------------------

    /**
     * Takes up to `limit` queued messages and marks them sent, in one statement: rows another
     * process is taking are skipped (FOR UPDATE SKIP LOCKED), so each message is taken once, and
     * donations whose counselling case is open wait for it to close. Returns what each needs.
     */
    async takeIssuedMessages(now: Date, limit: number) {
      const result = await db.execute(sql`
        with taken as (
          select m.id from ${unitIssuedMessages} m
          where m.sent_at is null
            and not exists (select 1 from ${counsellingCases} c
                            where c.appointment_id = m.appointment_id and c.status = 'OPEN')
          order by m.queued_at, m.id
          limit ${limit}
          for update of m skip locked
        )
        update ${unitIssuedMessages} m set sent_at = ${now.toISOString()}::timestamptz
        from taken, ${appointments} a left join ${users} u on u.id = a.user_id
        where m.id = taken.id and a.id = m.appointment_id
        returning m.id, m.appointment_id as "appointmentId", m.hospital, a.user_id as "userId",
          coalesce(a.donated_at, a.created_at) as "donatedAt", u.email, u.username`);
      type Taken = {
        id: number;
        appointmentId: number;
        hospital: string;
        userId: number | null;
        donatedAt: string | Date;
        email: string | null;
        username: string | null;
      };
      return rowsOf<Taken>(result).map((r) => ({
        ...r,
        id: Number(r.id),
        appointmentId: Number(r.appointmentId),
        donatedAt: new Date(r.donatedAt),
      }));
    },

    /** What went out for a message (the donor's preferences decided). */
    async markIssuedMessage(id: number, notified: boolean, mailed: boolean): Promise<void> {
      await db.update(unitIssuedMessages).set({ notified, mailed }).where(eq(unitIssuedMessages.id, id));
    },
  };
}
export type UnitEventsRepository = ReturnType<typeof createUnitEventsRepository>;
