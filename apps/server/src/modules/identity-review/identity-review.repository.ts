import { DONOR_STATUS, EXTRACT_STATUS } from '@giot-hong/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditWriter } from '../audit/audit.repository.ts';
import { donorProfiles, idExtracts, identityCorrections, users } from '../../db/schema/index.ts';
import { extractColumns, sealedImageColumns, type IdentityFields } from '../identity/identity.repository.ts';

/** Identity fields cleared when a profile loses its verification or claim. */
const NO_IDENTITY: IdentityFields = {
  cardId: null,
  fullName: null,
  dob: null,
  gender: null,
  nationality: null,
  home: null,
  address: null,
  doe: null,
  issueLoc: null,
  issueDate: null,
};

const QUEUE_MAX = 200;

export function createIdentityReviewRepository(db: Db) {
  const waiting = and(isNotNull(idExtracts.reviewRequestedAt), isNull(idExtracts.reviewedAt));
  return {
    /**
     * What audit rows are written with when no transaction is open: insert-only, so every read and
     * change of the service still goes through the methods below.
     */
    auditWriter: db as AuditWriter,
    transaction: db.transaction.bind(db),

    /** Extracts waiting for staff, oldest first (id_extracts_review_queue_idx). */
    async queue() {
      return db
        .select({
          extract: extractColumns,
          username: users.username,
          email: users.email,
          profile: donorProfiles,
        })
        .from(idExtracts)
        .innerJoin(users, eq(users.id, idExtracts.userId))
        .leftJoin(donorProfiles, eq(donorProfiles.userId, idExtracts.userId))
        .where(waiting)
        .orderBy(asc(idExtracts.reviewRequestedAt))
        .limit(QUEUE_MAX);
    },

    /** One sealed photo of an extract sent to staff (photos are read only to be shown). */
    async sealedImage(extractId: string, side: 'front' | 'back') {
      const rows = await db
        .select(sealedImageColumns(side))
        .from(idExtracts)
        .where(and(eq(idExtracts.id, extractId), isNotNull(idExtracts.reviewRequestedAt)))
        .limit(1);
      return rows[0];
    },

    /** One extract with its account and profile (waiting or already reviewed). */
    async find(extractId: string, tx: Db | Tx = db, lock = false) {
      const q = tx
        .select({
          extract: extractColumns,
          username: users.username,
          email: users.email,
          profile: donorProfiles,
        })
        .from(idExtracts)
        .innerJoin(users, eq(users.id, idExtracts.userId))
        .leftJoin(donorProfiles, eq(donorProfiles.userId, idExtracts.userId))
        .where(and(eq(idExtracts.id, extractId), isNotNull(idExtracts.reviewRequestedAt)));
      const rows = lock ? await q.for('update', { of: idExtracts }) : await q;
      return rows[0];
    },

    /** The extract is reviewed: it stays confirmed, with staff's decision and time (retention counts from it). */
    async markReviewed(
      tx: Tx,
      extractId: string,
      review: { outcome: 'APPROVED' | 'REJECTED'; reason: string | null; by: number; at: Date },
    ) {
      const rows = await tx
        .update(idExtracts)
        .set({
          status: EXTRACT_STATUS.CONFIRM_MATCHED,
          confirmedAt: sql`coalesce(${idExtracts.confirmedAt}, ${review.at.toISOString()}::timestamptz)`,
          reviewOutcome: review.outcome,
          reviewReason: review.reason,
          reviewedBy: review.by,
          reviewedAt: review.at,
        })
        .where(and(eq(idExtracts.id, extractId), waiting))
        .returning({ id: idExtracts.id });
      return rows.length > 0;
    },

    /** What staff changed when approving: the value read and the value saved (ADMIN's audit trail). */
    async insertCorrections(tx: Tx, rows: (typeof identityCorrections.$inferInsert)[]) {
      if (rows.length > 0) await tx.insert(identityCorrections).values(rows);
    },

    /** The donor is verified with the fields staff approved (the unique index still decides). */
    async verify(tx: Tx, userId: number, extractId: string, fields: IdentityFields, at: Date) {
      const set = {
        status: DONOR_STATUS.EXTRACTED,
        extractId,
        ...fields,
        verifiedAt: at,
        reviewOutcome: 'APPROVED',
        reviewReason: null,
        reviewedAt: at,
        updatedAt: at,
      };
      await tx
        .insert(donorProfiles)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: donorProfiles.userId, set });
    },

    /**
     * The donor's claim is refused or their verification revoked: back to NONE (the wizard can
     * start again), identity fields cleared, staff's decision kept for the profile page.
     */
    async unverify(
      tx: Tx,
      userId: number,
      outcome: 'REJECTED' | 'REVOKED',
      reason: string,
      at: Date,
      onlyStatus?: string,
    ) {
      const rows = await tx
        .update(donorProfiles)
        .set({
          status: DONOR_STATUS.NONE,
          ...NO_IDENTITY,
          verifiedAt: null,
          reviewOutcome: outcome,
          reviewReason: reason,
          reviewedAt: at,
          updatedAt: at,
        })
        .where(
          and(
            eq(donorProfiles.userId, userId),
            onlyStatus ? eq(donorProfiles.status, onlyStatus) : undefined,
          ),
        )
        .returning({ userId: donorProfiles.userId });
      return rows.length > 0;
    },

    async email(userId: number) {
      const rows = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      return rows[0];
    },
  };
}
export type IdentityReviewRepository = ReturnType<typeof createIdentityReviewRepository>;
