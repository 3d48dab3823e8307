import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { avatars, consents, donorProfiles, organizations, users } from '../../db/schema/index.ts';

export type DonorProfileRow = typeof donorProfiles.$inferSelect;

export function createUserRepository(db: Db) {
  return {
    /** The user, their profile and organization name in one query. */
    async findWithProfile(userId: number) {
      const rows = await db
        .select({
          user: users,
          profile: donorProfiles,
          organizationName: organizations.name,
          avatarAt: avatars.updatedAt,
        })
        .from(users)
        .leftJoin(donorProfiles, eq(donorProfiles.userId, users.id))
        .leftJoin(avatars, eq(avatars.userId, users.id))
        .leftJoin(organizations, eq(organizations.id, donorProfiles.organizationId))
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0];
    },
    async findProfile(userId: number): Promise<DonorProfileRow | undefined> {
      const rows = await db.select().from(donorProfiles).where(eq(donorProfiles.userId, userId)).limit(1);
      return rows[0];
    },
    async organizationExists(id: number) {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      return rows.length > 0;
    },
    /** Inserts or updates the donor-editable part of the profile. */
    async upsertDetail(userId: number, detail: Partial<typeof donorProfiles.$inferInsert>, now: Date) {
      await db
        .insert(donorProfiles)
        .values({ userId, ...detail, updatedAt: now })
        .onConflictDoUpdate({ target: donorProfiles.userId, set: { ...detail, updatedAt: now } });
    },
    async recordTerms(userId: number, termsVersion: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .insert(donorProfiles)
          .values({ userId, termsVersion, termsAcceptedAt: at, updatedAt: at })
          .onConflictDoUpdate({
            target: donorProfiles.userId,
            set: { termsVersion, termsAcceptedAt: at, updatedAt: at },
          });
        // The wizard's terms are the consent to process ID data (the privacy tab lists it).
        await tx.insert(consents).values({ userId, purpose: 'ID_DATA', version: termsVersion, givenAt: at });
      });
    },
    async saveAvatar(userId: number, content: Buffer, mimeType: string, at: Date) {
      await db
        .insert(avatars)
        .values({ userId, content, mimeType, updatedAt: at })
        .onConflictDoUpdate({ target: avatars.userId, set: { content, mimeType, updatedAt: at } });
    },
    async findAvatar(userId: number) {
      const rows = await db.select().from(avatars).where(eq(avatars.userId, userId)).limit(1);
      return rows[0];
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
