import { DONOR_STATUS, EXTRACT_STATUS } from '@giot-hong/contract';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { donorProfiles, idExtracts, users } from '../../db/schema/index.ts';

const { frontImage, backImage, ...columnsWithoutImages } = getTableColumns(idExtracts);

/**
 * An extract as its readers need it: every column but the two sealed photos (a few hundred kB
 * each), and whether each photo is kept. Only showing a photo reads it (`sealedImage`): on the
 * embedded database a photo read or written is decoded on the request thread, which stalled every
 * other request for up to ~100 ms while donors uploaded cards.
 */
export const extractColumns = {
  ...columnsWithoutImages,
  hasFrontImage: sql<boolean>`(${frontImage} is not null)`,
  hasBackImage: sql<boolean>`(${backImage} is not null)`,
};
export type ExtractRow = Omit<typeof idExtracts.$inferSelect, 'frontImage' | 'backImage'> & {
  hasFrontImage: boolean;
  hasBackImage: boolean;
};

/** One sealed photo of an extract and whether the retention rule deleted the photos. */
export function sealedImageColumns(side: 'front' | 'back') {
  return { sealed: side === 'front' ? frontImage : backImage, imagesDeletedAt: idExtracts.imagesDeletedAt };
}
export type IdentityFields = Pick<
  typeof donorProfiles.$inferInsert,
  | 'cardId'
  | 'fullName'
  | 'dob'
  | 'gender'
  | 'nationality'
  | 'home'
  | 'address'
  | 'doe'
  | 'issueLoc'
  | 'issueDate'
>;
/** What confirming an extract gives the profile: its status and the identity fields read. */
export type ConfirmDecision = {
  status: typeof DONOR_STATUS.EXTRACTED | typeof DONOR_STATUS.PENDING;
  fields: IdentityFields;
};

/** Extract states in which a side may still be uploaded (not yet confirmed). */
const UNCONFIRMED = [EXTRACT_STATUS.FRONT_UPLOADED, EXTRACT_STATUS.BACK_UPLOADED];

export function createIdentityRepository(db: Db) {
  return {
    async profile(userId: number) {
      const rows = await db.select().from(donorProfiles).where(eq(donorProfiles.userId, userId)).limit(1);
      return rows[0];
    },
    async insertExtract(row: typeof idExtracts.$inferInsert) {
      await db.insert(idExtracts).values(row);
    },
    /** The extract only if it belongs to `userId`: anyone else is told it does not exist. */
    async findOwnExtract(id: string, userId: number): Promise<ExtractRow | undefined> {
      const rows = await db
        .select(extractColumns)
        .from(idExtracts)
        .where(and(eq(idExtracts.id, id), eq(idExtracts.userId, userId)))
        .limit(1);
      return rows[0];
    },
    /** One sealed photo of the owner's extract; undefined when the extract is not theirs. */
    async ownSealedImage(id: string, userId: number, side: 'front' | 'back') {
      const rows = await db
        .select(sealedImageColumns(side))
        .from(idExtracts)
        .where(and(eq(idExtracts.id, id), eq(idExtracts.userId, userId)))
        .limit(1);
      return rows[0];
    },
    /**
     * Stores a (new) back on the owner's extract, only while it is unconfirmed: a confirmation
     * that lands while the back is being read wins, and the back is not applied (false).
     */
    async updateBack(
      id: string,
      userId: number,
      set: Partial<typeof idExtracts.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(idExtracts)
        .set({ ...set, status: EXTRACT_STATUS.BACK_UPLOADED })
        .where(
          and(eq(idExtracts.id, id), eq(idExtracts.userId, userId), inArray(idExtracts.status, UNCONFIRMED)),
        )
        .returning({ id: idExtracts.id });
      return rows.length > 0;
    },
    /**
     * The other account verified (EXTRACTED) with this ID number, if any; PENDING claims do not
     * count. The wizard's confirmation and the staff review ask the same question here.
     */
    async verifiedHolder(cardId: string, userId: number) {
      const rows = await db
        .select({
          userId: donorProfiles.userId,
          username: users.username,
          email: users.email,
          fullName: donorProfiles.fullName,
          verifiedAt: donorProfiles.verifiedAt,
        })
        .from(donorProfiles)
        .innerJoin(users, eq(users.id, donorProfiles.userId))
        .where(
          and(
            eq(donorProfiles.cardId, cardId),
            eq(donorProfiles.status, DONOR_STATUS.EXTRACTED),
            ne(donorProfiles.userId, userId),
          ),
        )
        .limit(1);
      return rows[0];
    },
    /** Whether another account is verified (EXTRACTED) with this ID number. */
    async cardIdVerifiedByOther(cardId: string, userId: number) {
      return (await this.verifiedHolder(cardId, userId)) !== undefined;
    },
    /**
     * A confirmation refused because another account verified the number: the extract waits for
     * staff (a dispute) instead of staying unseen. Only the first refusal sets the time.
     */
    async markDisputed(extractId: string, userId: number, now: Date) {
      await db
        .update(idExtracts)
        .set({ reviewRequestedAt: now })
        .where(
          and(
            eq(idExtracts.id, extractId),
            eq(idExtracts.userId, userId),
            eq(idExtracts.status, EXTRACT_STATUS.BACK_UPLOADED),
            isNull(idExtracts.reviewRequestedAt),
          ),
        );
    },
    /**
     * Confirms the owner's extract: in one transaction, locks it, lets `decide` turn what it holds
     * into the profile's status and identity fields, writes them to the profile and marks the
     * extract confirmed. A back stored meanwhile is either read here or refused (updateBack).
     * Null when the extract is not (any more) waiting for confirmation. `verifiedAt` is set for
     * EXTRACTED only. A second account reaching EXTRACTED with the same ID number fails on the
     * unique index (unique violation), even when both confirm at the same moment.
     */
    async confirm(
      userId: number,
      extractId: string,
      now: Date,
      decide: (row: ExtractRow) => ConfirmDecision,
    ): Promise<ConfirmDecision | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(extractColumns)
          .from(idExtracts)
          .where(and(eq(idExtracts.id, extractId), eq(idExtracts.userId, userId)))
          .for('update');
        if (!row || row.status !== EXTRACT_STATUS.BACK_UPLOADED) return null;
        const decision = decide(row);
        const { status, fields } = decision;
        const verifiedAt = status === DONOR_STATUS.EXTRACTED ? now : null;
        // A new confirmation replaces staff's last decision on the profile.
        const review = { reviewOutcome: null, reviewReason: null, reviewedAt: null };
        await tx
          .insert(donorProfiles)
          .values({ userId, status, extractId, ...fields, verifiedAt, updatedAt: now, ...review })
          .onConflictDoUpdate({
            target: donorProfiles.userId,
            set: { status, extractId, ...fields, verifiedAt, updatedAt: now, ...review },
          });
        // Earlier extracts of this donor still waiting for staff are replaced by this one.
        await tx
          .update(idExtracts)
          .set({ reviewOutcome: 'SUPERSEDED', reviewedAt: now })
          .where(
            and(
              eq(idExtracts.userId, userId),
              ne(idExtracts.id, extractId),
              isNotNull(idExtracts.reviewRequestedAt),
              isNull(idExtracts.reviewedAt),
            ),
          );
        await tx
          .update(idExtracts)
          .set({
            status: EXTRACT_STATUS.CONFIRM_MATCHED,
            confirmedAt: now,
            // PENDING waits in the staff queue from now on.
            reviewRequestedAt: status === DONOR_STATUS.PENDING ? now : null,
          })
          .where(eq(idExtracts.id, extractId));
        return decision;
      });
    },
    /**
     * Deletes the images of extracts confirmed before `before` — except the extract a PENDING
     * profile waits on, whose images staff review — of never-confirmed ones created before it
     * (unless they wait for staff as a dispute), and of extracts staff reviewed before it.
     * Returns the ids of the extracts whose images were deleted.
     */
    async deleteImagesBefore(before: Date, now: Date): Promise<string[]> {
      const cleared = { frontImage: null, backImage: null, imagesDeletedAt: now };
      const awaitingReview = db
        .select({ one: sql`1` })
        .from(donorProfiles)
        .where(
          and(eq(donorProfiles.extractId, idExtracts.id), eq(donorProfiles.status, DONOR_STATUS.PENDING)),
        );
      // Two statements, each served by its own partial index (id_extracts_retention_idx,
      // id_extracts_abandoned_idx; donor_profiles_pending_extract_idx for the review check).
      const confirmed = await db
        .update(idExtracts)
        .set(cleared)
        .where(
          and(
            isNull(idExtracts.imagesDeletedAt),
            lt(idExtracts.confirmedAt, before),
            isNull(idExtracts.reviewedAt),
            notExists(awaitingReview),
          ),
        )
        .returning({ id: idExtracts.id });
      const abandoned = await db
        .update(idExtracts)
        .set(cleared)
        .where(
          and(
            isNull(idExtracts.imagesDeletedAt),
            isNull(idExtracts.confirmedAt),
            lt(idExtracts.createdAt, before),
            isNull(idExtracts.reviewRequestedAt),
          ),
        )
        .returning({ id: idExtracts.id });
      // Reviewed by staff (approved, rejected, superseded): counted from the review
      // (id_extracts_reviewed_retention_idx).
      const reviewed = await db
        .update(idExtracts)
        .set(cleared)
        .where(and(isNull(idExtracts.imagesDeletedAt), lt(idExtracts.reviewedAt, before)))
        .returning({ id: idExtracts.id });
      return [...confirmed, ...abandoned, ...reviewed].map((r) => r.id);
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
