import { APPOINTMENT_STATUS, type TConsentPurpose } from '@giot-hong/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { intArrayParam } from '../../db/array-param.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { batched } from '../../lib/batched.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';
import {
  accountDeletions,
  answers,
  appointmentFeedback,
  appointments,
  auditLog,
  auditSubjects,
  avatars,
  campaigns,
  consents,
  dataExports,
  donorProfiles,
  idExtracts,
  notifications,
  organizations,
  questions,
  users,
} from '../../db/schema/index.ts';

export type ConsentRow = typeof consents.$inferSelect;
export type ExportRow = typeof dataExports.$inferSelect;
export type DeletionRow = typeof accountDeletions.$inferSelect;
/** What a registration needs of data rights (`registrationGate`). */
export type RegistrationGateRead = { deletionConfirmed: boolean; consents: ConsentRow[] };

/** A database handle or an open transaction. */

export function createDataRightsRepository(db: Db) {
  return {
    /**
     * What audit rows are written with when no transaction is open: insert-only, so every read and
     * change of the service still goes through the methods below.
     */
    auditWriter: db as AuditWriter,
    transaction: db.transaction.bind(db),

    /** The latest row per purpose (the donor's current choice), one query. */
    async latestConsents(userId: number, tx: Tx = db): Promise<ConsentRow[]> {
      return tx
        .selectDistinctOn([consents.purpose])
        .from(consents)
        .where(eq(consents.userId, userId))
        .orderBy(consents.purpose, desc(consents.givenAt), desc(consents.id));
    },

    /**
     * What a registration needs of data rights, in one statement (a booking's round trips are its
     * cost): whether an erasure is confirmed, and the latest consent of each purpose. The donors of
     * requests arriving while one such read is on its way are read together after it (ADR 65).
     */
    registrationGate: batched(async (userIds: readonly number[]): Promise<RegistrationGateRead[]> => {
      const result = await db.execute(sql`
          select
            who.user_id,
            exists (select 1 from ${accountDeletions} d
                    where d.user_id = who.user_id and d.cancelled_at is null and d.confirmed_at is not null)
              as deletion_confirmed,
            coalesce((
              select json_agg(json_build_object('id', c.id, 'purpose', c.purpose, 'version', c.version,
                                                'givenAt', c.given_at, 'withdrawnAt', c.withdrawn_at))
              from (select distinct on (purpose) * from ${consents} where user_id = who.user_id
                    order by purpose, given_at desc, id desc) c
            ), '[]'::json) as consents
          from unnest(${intArrayParam(userIds)}::int[]) as who(user_id)`);
      const rows = rowsOf<{
        user_id: number;
        deletion_confirmed: boolean;
        consents: {
          id: number;
          purpose: string;
          version: string;
          givenAt: string;
          withdrawnAt: string | null;
        }[];
      }>(result);
      const byUser = new Map(
        rows.map((row) => {
          const userId = Number(row.user_id);
          const read: RegistrationGateRead = {
            deletionConfirmed: row.deletion_confirmed,
            consents: row.consents.map((c) => ({
              id: c.id,
              userId,
              purpose: c.purpose,
              version: c.version,
              givenAt: new Date(c.givenAt),
              withdrawnAt: c.withdrawnAt ? new Date(c.withdrawnAt) : null,
            })),
          };
          return [userId, read] as const;
        }),
      );
      return userIds.map((id) => byUser.get(id)!);
    }),

    async insertConsent(
      v: { userId: number; purpose: TConsentPurpose; version: string; at: Date },
      tx: Tx = db,
    ): Promise<void> {
      await tx
        .insert(consents)
        .values({ userId: v.userId, purpose: v.purpose, version: v.version, givenAt: v.at });
    },

    async withdrawConsent(tx: Tx, id: number, at: Date): Promise<void> {
      await tx
        .update(consents)
        .set({ withdrawnAt: at })
        .where(and(eq(consents.id, id), isNull(consents.withdrawnAt)));
    },

    /** The wizard asks for its terms again after a withdrawal of the ID-data consent. */
    async clearDonorTerms(tx: Tx, userId: number, at: Date): Promise<void> {
      await tx
        .update(donorProfiles)
        .set({ termsAcceptedAt: null, termsVersion: null, updatedAt: at })
        .where(eq(donorProfiles.userId, userId));
    },

    async allConsents(userId: number) {
      return db
        .select()
        .from(consents)
        .where(eq(consents.userId, userId))
        .orderBy(asc(consents.givenAt), asc(consents.id));
    },

    async user(userId: number) {
      const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return u;
    },

    /** Adds an in-app notification; one with the same `dedupeKey` already there wins (a job rerun). */
    async notify(row: typeof notifications.$inferInsert): Promise<void> {
      await db.insert(notifications).values(row).onConflictDoNothing();
    },

    /** Staff actions about the donor: rows naming them as subject, or as the target user. */
    async viewsOf(userId: number, limit: number) {
      return db
        .select({ at: auditLog.createdAt, action: auditLog.action, role: auditLog.actorRole })
        .from(auditLog)
        .where(
          and(
            or(
              eq(auditLog.subjectUserId, userId),
              and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
              // Lists and searches that showed the donor among others.
              inArray(
                auditLog.id,
                db
                  .select({ id: auditSubjects.auditId })
                  .from(auditSubjects)
                  .where(eq(auditSubjects.subjectUserId, userId)),
              ),
            ),
            // The donor's own actions (a deletion request …) are not "someone saw my data".
            or(isNull(auditLog.actorId), ne(auditLog.actorId, userId)),
            inArray(auditLog.actorRole, ['STAFF', 'ADMIN']),
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
    },

    // --- exports -------------------------------------------------------------------------------

    async insertExport(v: { id: string; userId: number; at: Date }): Promise<ExportRow> {
      const [row] = await db
        .insert(dataExports)
        .values({ id: v.id, userId: v.userId, status: 'PENDING', requestedAt: v.at })
        .returning();
      return row!;
    },

    async exportsOf(userId: number, now: Date) {
      return db
        .select({
          id: dataExports.id,
          status: dataExports.status,
          requestedAt: dataExports.requestedAt,
          readyAt: dataExports.readyAt,
          expiresAt: dataExports.expiresAt,
          sizeBytes: dataExports.sizeBytes,
        })
        .from(dataExports)
        .where(
          and(
            eq(dataExports.userId, userId),
            or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, now)),
          ),
        )
        .orderBy(desc(dataExports.requestedAt))
        .limit(10);
    },

    /** The owner's ready, unexpired export (another donor's id finds nothing). */
    async readyExport(userId: number, id: string, now: Date) {
      const [row] = await db
        .select({ content: dataExports.content, readyAt: dataExports.readyAt })
        .from(dataExports)
        .where(
          and(
            eq(dataExports.id, id),
            eq(dataExports.userId, userId),
            eq(dataExports.status, 'READY'),
            gt(dataExports.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Takes one PENDING export whose lease is free (FOR UPDATE SKIP LOCKED: two processes never
     * take the same one) and leases it until `until`.
     */
    async claimExport(
      now: Date,
      until: Date,
    ): Promise<{ id: string; userId: number; attempts: number } | undefined> {
      const result = await db.execute(sql`
        update ${dataExports}
        set locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
        where id = (
          select id from ${dataExports}
          where status = 'PENDING'
            and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
          order by requested_at
          limit 1
          for update skip locked
        )
        returning id, user_id, attempts`);
      const row = rowsOf<{ id: string; user_id: number; attempts: number }>(result)[0];
      return row ? { id: row.id, userId: Number(row.user_id), attempts: Number(row.attempts) } : undefined;
    },

    async completeExport(id: string, content: Buffer, at: Date, expiresAt: Date): Promise<void> {
      await db
        .update(dataExports)
        .set({
          status: 'READY',
          content,
          sizeBytes: content.length,
          readyAt: at,
          expiresAt,
          lockedUntil: null,
        })
        .where(eq(dataExports.id, id));
    },

    async failExport(id: string, at: Date, expiresAt: Date): Promise<void> {
      await db
        .update(dataExports)
        .set({ status: 'FAILED', lockedUntil: null, readyAt: at, expiresAt })
        .where(eq(dataExports.id, id));
    },

    async deleteExpiredExports(now: Date): Promise<number> {
      const rows = await db
        .delete(dataExports)
        .where(lte(dataExports.expiresAt, now))
        .returning({ id: dataExports.id });
      return rows.length;
    },

    // --- what an export holds ------------------------------------------------------------------

    async profile(userId: number) {
      const [row] = await db
        .select({ profile: donorProfiles, organization: organizations.name })
        .from(donorProfiles)
        .leftJoin(organizations, eq(organizations.id, donorProfiles.organizationId))
        .where(eq(donorProfiles.userId, userId))
        .limit(1);
      return row;
    },

    async extracts(userId: number) {
      return db
        .select()
        .from(idExtracts)
        .where(eq(idExtracts.userId, userId))
        .orderBy(asc(idExtracts.createdAt));
    },

    async avatar(userId: number) {
      const [row] = await db.select().from(avatars).where(eq(avatars.userId, userId)).limit(1);
      return row;
    },

    async appointments(userId: number) {
      return db
        .select({
          appointment: appointments,
          campaign: {
            name: campaigns.name,
            location: campaigns.location,
            organizeTime: campaigns.organizeTime,
          },
        })
        .from(appointments)
        .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
        .where(eq(appointments.userId, userId))
        .orderBy(asc(appointments.createdAt));
    },

    async answersOf(appointmentIds: number[]) {
      if (appointmentIds.length === 0) return [];
      return db
        .select({
          appointmentId: answers.appointmentId,
          question: questions.content,
          answer: answers.answer,
          detail: answers.detail,
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(inArray(answers.appointmentId, appointmentIds))
        .orderBy(asc(answers.appointmentId), asc(questions.order));
    },

    async feedbackOf(userId: number) {
      return db
        .select({
          appointmentId: appointmentFeedback.appointmentId,
          message: appointmentFeedback.message,
          createdAt: appointmentFeedback.createdAt,
        })
        .from(appointmentFeedback)
        .where(eq(appointmentFeedback.userId, userId));
    },

    async notificationsOf(userId: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt));
    },

    // --- deletion ------------------------------------------------------------------------------

    async liveDeletion(userId: number, tx: Tx = db): Promise<DeletionRow | undefined> {
      const [row] = await tx
        .select()
        .from(accountDeletions)
        .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.cancelledAt)))
        .limit(1);
      return row;
    },

    /** The request row, locked until the transaction ends (a cancellation waits for the erasure, or wins). */
    async lockDeletion(tx: Tx, id: number): Promise<DeletionRow | undefined> {
      const [row] = await tx
        .select()
        .from(accountDeletions)
        .where(and(eq(accountDeletions.id, id), isNull(accountDeletions.cancelledAt)))
        .for('update');
      return row;
    },

    async insertDeletion(
      tx: Tx,
      v: { userId: number; tokenHash: string; at: Date; linkExpiresAt: Date },
    ): Promise<void> {
      await tx.insert(accountDeletions).values({
        userId: v.userId,
        tokenHash: v.tokenHash,
        requestedAt: v.at,
        linkExpiresAt: v.linkExpiresAt,
      });
    },

    async cancelDeletion(tx: Tx, id: number, at: Date): Promise<boolean> {
      const rows = await tx
        .update(accountDeletions)
        .set({ cancelledAt: at })
        .where(and(eq(accountDeletions.id, id), isNull(accountDeletions.cancelledAt)))
        .returning({ id: accountDeletions.id });
      return rows.length > 0;
    },

    async deletionByToken(tokenHash: string): Promise<DeletionRow | undefined> {
      const [row] = await db
        .select()
        .from(accountDeletions)
        .where(and(eq(accountDeletions.tokenHash, tokenHash), isNull(accountDeletions.cancelledAt)))
        .limit(1);
      return row;
    },

    /** Confirms once: a second use of the link changes nothing. */
    async confirmDeletion(tx: Tx, id: number, at: Date, eraseAfter: Date): Promise<boolean> {
      const rows = await tx
        .update(accountDeletions)
        .set({ confirmedAt: at, eraseAfter })
        .where(
          and(
            eq(accountDeletions.id, id),
            isNull(accountDeletions.cancelledAt),
            isNull(accountDeletions.confirmedAt),
          ),
        )
        .returning({ id: accountDeletions.id });
      return rows.length > 0;
    },

    /** Cancels the donor's BOOKINGs of campaigns still to come (the 24-hour rule does not apply: they are leaving). */
    async cancelUpcomingBookings(tx: Tx, userId: number, now: Date) {
      return tx
        .update(appointments)
        .set({ status: APPOINTMENT_STATUS.CANCELLED, cancelledAt: now, updatedAt: now })
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.status, APPOINTMENT_STATUS.BOOKING),
            sql`${appointments.campaignId} in (select ${campaigns.id} from ${campaigns} where ${campaigns.organizeTime} > ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: appointments.id });
    },

    /** Confirmed requests whose grace period is over. */
    async dueDeletions(now: Date, limit: number) {
      return db
        .select({ id: accountDeletions.id, userId: accountDeletions.userId })
        .from(accountDeletions)
        .where(and(isNull(accountDeletions.cancelledAt), lte(accountDeletions.eraseAfter, now)))
        .orderBy(asc(accountDeletions.eraseAfter))
        .limit(limit);
    },
  };
}
export type DataRightsRepository = ReturnType<typeof createDataRightsRepository>;
