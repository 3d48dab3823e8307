import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, passwordResets, users, type UserRole } from '../../db/schema/index.ts';

export function createStaffRepository(db: Db) {
  return {
    db,
    transaction: db.transaction.bind(db),

    /** Staff and admin accounts with their last login (set at every login). */
    async list() {
      return db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          role: users.role,
          enabled: users.enabled,
          lastLoginAt: users.lastLoginAt,
        })
        .from(users)
        .where(ne(users.role, 'DONOR'))
        .orderBy(asc(users.username));
    },

    async find(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async taken(username: string, email: string) {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
      return {
        username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
        email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
      };
    },

    async insert(
      tx: Pick<Db, 'insert'>,
      v: { username: string; email: string; role: UserRole; passwordHash: string; now: Date },
    ) {
      const [row] = await tx
        .insert(users)
        .values({ ...v, createdAt: v.now, updatedAt: v.now })
        .returning({ id: users.id });
      return row!.id;
    },

    /** A set-password token: stored as a spent code with a reset token, so 'Đặt lại mật khẩu' accepts it. */
    async insertSetPasswordToken(
      tx: Pick<Db, 'insert'>,
      userId: number,
      tokenHash: string,
      expiresAt: Date,
      now: Date,
    ) {
      await tx.insert(passwordResets).values({
        userId,
        codeHash: '',
        codeExpiresAt: now,
        codeUsedAt: now,
        resetTokenHash: tokenHash,
        resetExpiresAt: expiresAt,
        createdAt: now,
      });
    },

    async setRole(tx: Pick<Db, 'update'>, id: number, role: UserRole, now: Date) {
      await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
    },

    /** Disables the account and ends every one of its logins at once. */
    async deactivate(tx: Pick<Db, 'update'>, id: number, now: Date) {
      await tx.update(users).set({ enabled: false, updatedAt: now }).where(eq(users.id, id));
      await tx
        .update(authSessions)
        .set({ revokedAt: now, revokedReason: 'deactivated' })
        .where(and(eq(authSessions.userId, id), isNull(authSessions.revokedAt)));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
