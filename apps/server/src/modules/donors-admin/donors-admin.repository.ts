import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cardCondition, escapeLike, type DonorSearch } from './donor-search.ts';
import {
  appointmentFeedback,
  appointments,
  campaigns,
  donorProfiles,
  externalDonations,
  idExtracts,
  users,
} from '../../db/schema/index.ts';

export const DONOR_PAGE_SIZE = 20;

/** A LIKE prefix with the pattern characters of the input escaped. */
const prefix = (s: string) => `${escapeLike(s)}%`;

/**
 * The search condition: a prefix of the username, the e-mail address or the full name; a prefix
 * of the mobile; or the ID number by the rules of donor-search.ts. Each part is served by its own
 * index (users_*_prefix_idx, donor_profiles_*_idx), so the search never scans every donor.
 */
function searchCondition(q: DonorSearch): SQL {
  switch (q.kind) {
    case 'card':
    case 'card-suffix':
      return sql`${users.id} in (select ${donorProfiles.userId} from ${donorProfiles} where ${cardCondition(q)})`;
    case 'phone':
      return sql`${users.id} in (select ${donorProfiles.userId} from ${donorProfiles} where ${donorProfiles.mobile} like ${prefix(q.digits)})`;
    case 'text': {
      const byAccount = sql`${users.id} in (select ${users.id} from ${users} where lower(${users.username}) like ${prefix(q.text)} or lower(${users.email}) like ${prefix(q.text)})`;
      const byName = sql`${users.id} in (select ${donorProfiles.userId} from ${donorProfiles} where lower(${donorProfiles.fullName}) like ${prefix(q.text)})`;
      return or(byAccount, byName)!;
    }
  }
}

export function createDonorsAdminRepository(db: Db) {
  return {
    db,
    transaction: db.transaction.bind(db),

    async search(search: DonorSearch | undefined, page: number) {
      const where = and(eq(users.role, 'DONOR'), search ? searchCondition(search) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            username: users.username,
            email: users.email,
            fullName: donorProfiles.fullName,
            mobile: donorProfiles.mobile,
            cardId: donorProfiles.cardId,
            dob: donorProfiles.dob,
            status: donorProfiles.status,
            reviewOutcome: donorProfiles.reviewOutcome,
          })
          .from(users)
          .leftJoin(donorProfiles, eq(donorProfiles.userId, users.id))
          .where(where)
          .orderBy(desc(users.id))
          .limit(DONOR_PAGE_SIZE)
          .offset(page * DONOR_PAGE_SIZE),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async donor(userId: number) {
      const rows = await db
        .select({ user: users, profile: donorProfiles })
        .from(users)
        .leftJoin(donorProfiles, eq(donorProfiles.userId, users.id))
        .where(and(eq(users.id, userId), eq(users.role, 'DONOR')));
      return rows[0];
    },

    /** Verification attempts, newest first (id_extracts_user_idx). */
    extracts: (userId: number) =>
      db
        .select({
          id: idExtracts.id,
          createdAt: idExtracts.createdAt,
          confirmedAt: idExtracts.confirmedAt,
          reviewRequestedAt: idExtracts.reviewRequestedAt,
          reviewOutcome: idExtracts.reviewOutcome,
          reviewReason: idExtracts.reviewReason,
          reviewedAt: idExtracts.reviewedAt,
        })
        .from(idExtracts)
        .where(eq(idExtracts.userId, userId))
        .orderBy(desc(idExtracts.createdAt))
        .limit(50),

    /** Appointments with their campaign, newest first (appointments_user_created_idx). */
    appointments: (userId: number) =>
      db
        .select({
          id: appointments.id,
          campaignName: campaigns.name,
          campaignLocation: campaigns.location,
          organizeTime: campaigns.organizeTime,
          status: appointments.status,
          donatedAt: appointments.donatedAt,
          donationType: appointments.donationType,
          volumeMl: appointments.volumeMl,
          deferralReason: appointments.deferralReason,
          deferralText: appointments.deferralText,
          deferredUntil: appointments.deferredUntil,
        })
        .from(appointments)
        .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
        .where(eq(appointments.userId, userId))
        .orderBy(desc(appointments.createdAt))
        .limit(200),

    /** Donations made elsewhere (external_donations_user_donated_idx). */
    externalDonations: (userId: number) =>
      db
        .select()
        .from(externalDonations)
        .where(eq(externalDonations.userId, userId))
        .orderBy(desc(externalDonations.donatedAt))
        .limit(200),

    /** Feedback on the given appointments (appointment_feedback_appointment_idx). */
    async feedback(appointmentIds: number[]) {
      if (appointmentIds.length === 0) return [];
      return db
        .select({
          campaignName: campaigns.name,
          message: appointmentFeedback.message,
          createdAt: appointmentFeedback.createdAt,
        })
        .from(appointmentFeedback)
        .innerJoin(campaigns, eq(campaigns.id, appointmentFeedback.campaignId))
        .where(inArray(appointmentFeedback.appointmentId, appointmentIds))
        .orderBy(asc(appointmentFeedback.createdAt));
    },

    async setLabBloodGroup(tx: Pick<Db, 'insert'>, userId: number, bloodGroup: string, at: Date) {
      await tx
        .insert(donorProfiles)
        .values({ userId, labBloodGroup: bloodGroup, labBloodGroupAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: donorProfiles.userId,
          set: { labBloodGroup: bloodGroup, labBloodGroupAt: at, updatedAt: at },
        });
    },

    async insertExternalDonation(tx: Pick<Db, 'insert'>, values: typeof externalDonations.$inferInsert) {
      const [row] = await tx.insert(externalDonations).values(values).returning({ id: externalDonations.id });
      return row!.id;
    },
  };
}
export type DonorsAdminRepository = ReturnType<typeof createDonorsAdminRepository>;
