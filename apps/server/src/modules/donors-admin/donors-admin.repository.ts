import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';
import { matchingDonorIds, type DonorSearch } from './donor-search.ts';
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

/** The columns of a row of the donor search. */
const listColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: donorProfiles.fullName,
  mobile: donorProfiles.mobile,
  cardId: donorProfiles.cardId,
  dob: donorProfiles.dob,
  status: donorProfiles.status,
  // Staff's last decision on the card ('Bị từ chối' rather than 'Chưa xác thực').
  reviewOutcome: donorProfiles.reviewOutcome,
};

export function createDonorsAdminRepository(db: Db) {
  return {
    /**
     * What audit rows are written with when no transaction is open: insert-only, so every read and
     * change of the service still goes through the methods below.
     */
    auditWriter: db as AuditWriter,
    transaction: db.transaction.bind(db),

    /**
     * The statements of a page of a donor search (for `search`, and for the search benchmark and the
     * plan test, which run exactly these). `page`: the page's rows, newest accounts first, each with
     * the number of matches. The matches are computed once (matchingDonorIds), counted over the whole
     * set, then the page's rows read by id: ordering the whole donor table and testing each row stops
     * early only when matches are many, and a second statement for the count computed the set again
     * (half of a search's time for a common name). `count`: the number alone, for a page past the
     * last (no row to carry it).
     */
    searchQueries(search: DonorSearch, page: number) {
      const matches = matchingDonorIds(search);
      const pageIds = sql`(select m.id, count(*) over ()::int as total from (${matches}) as m(id) order by m.id desc limit ${DONOR_PAGE_SIZE} offset ${page * DONOR_PAGE_SIZE}) as p`;
      return {
        page: db
          .select({ ...listColumns, total: sql<number>`p.total`.mapWith(Number) })
          .from(pageIds)
          .innerJoin(users, sql`${users.id} = p.id`)
          .leftJoin(donorProfiles, eq(donorProfiles.userId, users.id))
          .orderBy(desc(users.id)),
        count: sql`select count(*)::int as n from (${matches}) as m(id)`,
      };
    },

    /** A page of the donor search (or of all donors, newest first), and the number of matches. */
    async search(search: DonorSearch | undefined, page: number) {
      if (!search) {
        const isDonor = eq(users.role, 'DONOR');
        const [rows, [total]] = await Promise.all([
          db
            .select(listColumns)
            .from(users)
            .leftJoin(donorProfiles, eq(donorProfiles.userId, users.id))
            .where(isDonor)
            .orderBy(desc(users.id))
            .limit(DONOR_PAGE_SIZE)
            .offset(page * DONOR_PAGE_SIZE),
          db.select({ n: count() }).from(users).where(isDonor),
        ]);
        return { rows, total: total?.n ?? 0 };
      }
      const q = this.searchQueries(search, page);
      const found = await q.page;
      const rows = found.map(({ total: _, ...row }) => row);
      if (found.length > 0 || page === 0) return { rows, total: found[0]?.total ?? 0 };
      // Past the last page: no row carries the number.
      const counted = (await db.execute(q.count)) as unknown as { rows: { n: number }[] };
      return { rows, total: Number(counted.rows[0]?.n ?? 0) };
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
