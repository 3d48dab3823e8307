import { and, asc, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { decisiveDonation } from '../appointments/last-donation.ts';
import { newCheckInCode } from '../appointments/check-in-code.ts';
import {
  answers,
  appointments,
  campaigns,
  donorProfiles,
  questionSections,
  questionSets,
  questions,
} from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export function createRegistrationRepository(db: Db) {
  return {
    async findCampaign(id: number): Promise<CampaignRow | undefined> {
      const rows = await db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.isPublished, true), isNull(campaigns.cancelledAt)))
        .limit(1);
      return rows[0];
    },

    /** The set with its sections and questions, ordered: two queries whatever its size. */
    async findQuestionSet(id: number) {
      const [set] = await db.select().from(questionSets).where(eq(questionSets.id, id)).limit(1);
      if (!set) return undefined;
      const rows = await db
        .select({ section: questionSections, question: questions })
        .from(questionSections)
        .leftJoin(questions, eq(questions.sectionId, questionSections.id))
        .where(eq(questionSections.questionSetId, id))
        .orderBy(
          asc(questionSections.order),
          asc(questionSections.id),
          asc(questions.order),
          asc(questions.id),
        );
      return { set, rows };
    },

    /** The donor's verification status and verified birth date (dd/MM/yyyy). */
    async donorIdentity(userId: number): Promise<{ status: string; dob: string | null } | undefined> {
      const rows = await db
        .select({ status: donorProfiles.status, dob: donorProfiles.dob })
        .from(donorProfiles)
        .where(eq(donorProfiles.userId, userId))
        .limit(1);
      return rows[0];
    },

    /** The donor's live (not cancelled) appointment for this campaign, if any. */
    async findLiveAppointment(userId: number, campaignId: number) {
      const rows = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.campaignId, campaignId),
            ne(appointments.status, 'CANCELLED'),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /** Another BOOKING whose campaign has not yet taken place. */
    async findUpcomingBooking(userId: number, now: Date, exceptCampaignId?: number) {
      const rows = await db
        .select({ appointment: appointments, campaign: campaigns })
        .from(appointments)
        .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.status, 'BOOKING'),
            gt(campaigns.endReceiveTime, now),
            exceptCampaignId === undefined ? undefined : ne(appointments.campaignId, exceptCampaignId),
          ),
        )
        .orderBy(asc(campaigns.organizeTime))
        .limit(1);
      return rows[0];
    },

    /** The donation the next-eligible day follows (see last-donation.ts). */
    decisiveDonation: (userId: number) => decisiveDonation(db, userId),

    /** The deferral that ends last among those still running after `from`, if any. */
    async activeDeferral(userId: number, from: Date) {
      const rows = await db
        .select({
          reason: appointments.deferralReason,
          text: appointments.deferralText,
          until: appointments.deferredUntil,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.status, 'DEFERRED'),
            gt(appointments.deferredUntil, from),
          ),
        )
        .orderBy(desc(appointments.deferredUntil))
        .limit(1);
      return rows[0];
    },

    /**
     * Creates the BOOKING appointment and its answers in one transaction. A second live
     * registration violates `appointments_user_campaign_live_uq` and rolls everything back.
     */
    async createAppointmentWithAnswers(
      userId: number,
      campaignId: number,
      items: { questionId: number; answer: boolean; detail: string | null }[],
      now: Date,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [appointment] = await tx
          .insert(appointments)
          .values({
            userId,
            campaignId,
            status: 'BOOKING',
            checkInCode: newCheckInCode(),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: appointments.id });
        if (items.length)
          await tx.insert(answers).values(items.map((i) => ({ appointmentId: appointment!.id, ...i })));
        return appointment!.id;
      });
    },

    /** The answers saved with the donor's live appointment for a campaign, in questionnaire order. */
    async savedAnswers(userId: number, campaignId: number) {
      return db
        .select({ answer: answers, question: questions, section: questionSections })
        .from(answers)
        .innerJoin(appointments, eq(appointments.id, answers.appointmentId))
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .innerJoin(questionSections, eq(questionSections.id, questions.sectionId))
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.campaignId, campaignId),
            ne(appointments.status, 'CANCELLED'),
          ),
        )
        .orderBy(asc(questionSections.order), asc(questions.order), asc(questions.id));
    },
  };
}
export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
