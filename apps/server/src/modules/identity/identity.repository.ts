import { and, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { donorProfiles, idExtracts } from '../../db/schema/index.ts';

export type ExtractRow = typeof idExtracts.$inferSelect;
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
        .select()
        .from(idExtracts)
        .where(and(eq(idExtracts.id, id), eq(idExtracts.userId, userId)))
        .limit(1);
      return rows[0];
    },
    async updateExtract(id: string, userId: number, set: Partial<typeof idExtracts.$inferInsert>) {
      await db
        .update(idExtracts)
        .set(set)
        .where(and(eq(idExtracts.id, id), eq(idExtracts.userId, userId)));
    },
    async cardIdUsedByOther(cardId: string, userId: number) {
      const rows = await db
        .select({ userId: donorProfiles.userId })
        .from(donorProfiles)
        .where(and(eq(donorProfiles.cardId, cardId), ne(donorProfiles.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },
    /** Confirms: identity fields and status on the profile, the extract marked confirmed — together. */
    async confirm(userId: number, extractId: string, status: string, fields: IdentityFields, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .insert(donorProfiles)
          .values({ userId, status, extractId, ...fields, verifiedAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: donorProfiles.userId,
            set: { status, extractId, ...fields, verifiedAt: now, updatedAt: now },
          });
        await tx
          .update(idExtracts)
          .set({ status: 'CONFIRM_MATCHED', confirmedAt: now })
          .where(and(eq(idExtracts.id, extractId), eq(idExtracts.userId, userId)));
      });
    },
    /** Deletes the images of extracts confirmed before `before`, and of abandoned ones created before it. */
    async deleteImagesBefore(before: Date) {
      const rows = await db
        .update(idExtracts)
        .set({ frontImage: null, backImage: null, imagesDeletedAt: new Date() })
        .where(
          and(
            isNull(idExtracts.imagesDeletedAt),
            or(
              and(isNotNull(idExtracts.confirmedAt), lt(idExtracts.confirmedAt, before)),
              and(isNull(idExtracts.confirmedAt), lt(idExtracts.createdAt, before)),
            ),
          ),
        )
        .returning({ id: idExtracts.id });
      return rows.length;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
