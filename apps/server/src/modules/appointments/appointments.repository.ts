import { APPOINTMENT_STATUS } from '@giot-hong/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { intArrayParam } from '../../db/array-param.ts';
import { rowsOf, type Db } from '../../db/client.ts';
import { batched } from '../../lib/batched.ts';
import { decisiveDonation } from './last-donation.ts';
import {
  answers,
  appointmentFeedback,
  appointments,
  campaignSlots,
  campaigns,
  certificates,
  donorProfiles,
  organizations,
  questionSections,
  questions,
  users,
} from '../../db/schema/index.ts';

const appointmentWithCampaign = {
  id: appointments.id,
  // Read for one donor (`where user_id = …`): never null here, though erased donors' rows are.
  userId: sql<number>`${appointments.userId}`,
  campaignId: appointments.campaignId,
  status: appointments.status,
  checkInCode: appointments.checkInCode,
  campaignName: campaigns.name,
  location: campaigns.location,
  organizeTime: campaigns.organizeTime,
  startReceiveTime: campaigns.startReceiveTime,
  endReceiveTime: campaigns.endReceiveTime,
  slotMinutes: campaigns.slotMinutes,
  slotStart: appointments.slotStart,
  checkedInAt: appointments.checkedInAt,
  campaignCancelledAt: campaigns.cancelledAt,
};

export type AppointmentRow = {
  id: number;
  userId: number;
  campaignId: number;
  status: string;
  checkInCode: string | null;
  campaignName: string;
  location: string;
  organizeTime: Date;
  startReceiveTime: Date;
  endReceiveTime: Date;
  slotMinutes: number;
  slotStart: Date | null;
  checkedInAt: Date | null;
  campaignCancelledAt: Date | null;
};

/** The contact and job part of a donor profile that the appointment view may change. */
export type ContactFields = {
  contactEmail: string | null;
  mobile: string | null;
  jobName: string | null;
  studentId: string | null;
  militaryId: string | null;
  addressContact: string | null;
  bloodGroup: string | null;
  organizationId: number | null;
};

/**
 * Every query is scoped by the owner's id: an appointment of someone else is simply not found,
 * so a handler cannot forget the check.
 */
export function createAppointmentRepository(db: Db) {
  /** Appointments with their campaigns' facts (`appointmentWithCampaign`), to be filtered. */
  const withCampaign = () =>
    db
      .select(appointmentWithCampaign)
      .from(appointments)
      .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId));
  /**
   * Appointments by id, each only when it is its donor's: the appointments of requests arriving
   * while one such read is on its way are read together after it, in one statement (ADR 65).
   */
  const findOwned = batched(async (keys: readonly { userId: number; appointmentId: number }[]) => {
    const rows = await withCampaign().where(
      and(
        sql`${appointments.id} = any(${intArrayParam(keys.map((k) => k.appointmentId))}::int[])`,
        sql`${appointments.userId} = any(${intArrayParam(keys.map((k) => k.userId))}::int[])`,
      ),
    );
    // Each key gets its appointment only when that appointment is the key's donor's.
    const byId = new Map(rows.map((r) => [r.id, r]));
    return keys.map((k) => {
      const row = byId.get(k.appointmentId);
      return row?.userId === k.userId ? row : undefined;
    });
  });
  return {
    /** The donor's appointments with their campaigns, newest campaign first: one query. */
    async history(userId: number): Promise<AppointmentRow[]> {
      return withCampaign()
        .where(eq(appointments.userId, userId))
        .orderBy(desc(campaigns.organizeTime), desc(appointments.id));
    },

    async findOwned(userId: number, appointmentId: number): Promise<AppointmentRow | undefined> {
      return findOwned({ userId, appointmentId });
    },

    /** The donor's live (not cancelled) appointment for a campaign; at most one exists (partial unique index). */
    async findLiveForCampaign(userId: number, campaignId: number): Promise<AppointmentRow | undefined> {
      const rows = await withCampaign()
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.campaignId, campaignId),
            ne(appointments.status, APPOINTMENT_STATUS.CANCELLED),
          ),
        )
        .orderBy(desc(appointments.id))
        .limit(1);
      return rows[0];
    },

    async hasBooking(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.userId, userId), eq(appointments.status, APPOINTMENT_STATUS.BOOKING)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * BOOKING → CANCELLED, only if it is still BOOKING: of two concurrent cancellations (or a
     * cancellation racing a check-in) exactly one changes the row. Returns whether it did.
     */
    async cancel(userId: number, appointmentId: number, now: Date): Promise<boolean> {
      // One statement: the appointment leaves BOOKING and its time slot's place is free again,
      // atomically (a data-modifying WITH needs no BEGIN/COMMIT round trips). A concurrent cancel
      // or check-in that won leaves no row to update, and nothing is given back.
      const at = now.toISOString();
      const result = await db.execute(sql`
        with cancelled as (
          update ${appointments} set status = ${APPOINTMENT_STATUS.CANCELLED},
                 cancelled_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
          where id = ${appointmentId} and user_id = ${userId} and status = ${APPOINTMENT_STATUS.BOOKING}
          returning campaign_id, slot_start
        ), released as (
          update ${campaignSlots} s set booked = greatest(s.booked - 1, 0)
          from cancelled c where s.campaign_id = c.campaign_id and s.start_time = c.slot_start
        )
        select count(*)::integer as n from cancelled`);
      const row = rowsOf<{ n: number }>(result)[0];
      return Number(row?.n) > 0;
    },

    /** The answers of one appointment with their questions and sections, in questionnaire order. */
    async answerRows(appointmentId: number) {
      return db
        .select({
          questionId: questions.id,
          content: questions.content,
          answer: answers.answer,
          detail: answers.detail,
          sectionId: questionSections.id,
          sectionName: questionSections.name,
          sectionOrder: questionSections.order,
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .innerJoin(questionSections, eq(questionSections.id, questions.sectionId))
        .where(eq(answers.appointmentId, appointmentId))
        .orderBy(
          asc(questionSections.order),
          asc(questionSections.id),
          asc(questions.order),
          asc(questions.id),
        );
    },

    /** The serial of the certificate issued with an appointment's donation, if any (one indexed read). */
    async certificateSerialOf(appointmentId: number): Promise<string | null> {
      const rows = await db
        .select({ serial: certificates.serial })
        .from(certificates)
        .where(eq(certificates.appointmentId, appointmentId))
        .limit(1);
      return rows[0]?.serial ?? null;
    },

    /** The account, its donor profile and organization name in one query. */
    async userInfo(userId: number) {
      const rows = await db
        .select({ user: users, profile: donorProfiles, organizationName: organizations.name })
        .from(users)
        .leftJoin(donorProfiles, eq(donorProfiles.userId, users.id))
        .leftJoin(organizations, eq(organizations.id, donorProfiles.organizationId))
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0];
    },

    async organizationExists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      return rows.length > 0;
    },

    /** Updates the contact and job fields; the identity part and the donation count stay as they are. */
    async updateContact(userId: number, fields: ContactFields, now: Date): Promise<boolean> {
      const rows = await db
        .update(donorProfiles)
        .set({ ...fields, updatedAt: now })
        .where(eq(donorProfiles.userId, userId))
        .returning({ userId: donorProfiles.userId });
      return rows.length > 0;
    },

    /** When the donor last gave whole blood (see last-donation.ts). */
    decisiveDonation: (userId: number) => decisiveDonation(db, userId),

    async insertFeedback(values: {
      appointmentId: number;
      userId: number;
      campaignId: number;
      message: string;
      createdAt: Date;
    }) {
      const [row] = await db
        .insert(appointmentFeedback)
        .values(values)
        .returning({ id: appointmentFeedback.id, createdAt: appointmentFeedback.createdAt });
      return row!;
    },
  };
}
export type AppointmentRepository = ReturnType<typeof createAppointmentRepository>;
