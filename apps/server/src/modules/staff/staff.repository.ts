import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  authSessions,
  secondFactors,
  staffInvitations,
  staffPermissions,
  users,
  type UserRole,
} from '../../db/schema/index.ts';
import { createSecondFactorQueries } from '../second-factor/second-factor.repository.ts';

/** A database handle or an open transaction (the changes run in the route's transaction). */

/** Any constant: serialises role changes and deactivations (the last-ADMIN rule counts, then changes). */
const STAFF_CHANGES_LOCK_ID = 727_012;

const STAFF_ROLES: UserRole[] = ['STAFF', 'ADMIN'];

/** Staff and admin accounts with what the staff page shows: invitation pending, authenticator, last login. */
function staffQuery(db: Tx) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      enabled: users.enabled,
      lastLoginAt: users.lastLoginAt,
      invited: sql<boolean>`${staffInvitations.userId} is not null`,
      secondFactor: sql<boolean>`${secondFactors.userId} is not null`,
      // By the table's primary key (user_id, permission): one index look-up per account.
      permissions: sql<string[]>`coalesce((select array_agg(sp.permission order by sp.permission)
        from ${staffPermissions} sp where sp.user_id = ${users.id}), '{}'::text[])`,
    })
    .from(users)
    .leftJoin(staffInvitations, eq(staffInvitations.userId, users.id))
    .leftJoin(secondFactors, eq(secondFactors.userId, users.id));
}
export type StaffRow = Awaited<ReturnType<ReturnType<typeof staffQuery>['where']>>[number];

export function createStaffRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction; a thrown error rolls every change back. */
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Tx)),

    /** Staff and admin accounts with their last login (set at every login). */
    async list(): Promise<StaffRow[]> {
      return staffQuery(db).where(ne(users.role, 'DONOR')).orderBy(asc(users.username));
    },

    /** A staff or admin account; a donor's id is not found here. */
    async findStaff(id: number, tx: Tx = db): Promise<StaffRow | undefined> {
      const [row] = await staffQuery(tx)
        .where(and(eq(users.id, id), inArray(users.role, STAFF_ROLES)))
        .limit(1);
      return row;
    },

    async findStaffByUsername(username: string, tx: Tx = db): Promise<StaffRow | undefined> {
      const [row] = await staffQuery(tx)
        .where(and(sql`lower(${users.username}) = lower(${username})`, inArray(users.role, STAFF_ROLES)))
        .limit(1);
      return row;
    },

    /** The accounts holding this username or this e-mail (case-insensitive), with their state. */
    async holders(username: string, email: string) {
      return staffQuery(db).where(
        sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`,
      );
    },

    async insert(
      tx: Tx,
      v: { username: string; email: string; role: UserRole; passwordHash: string; now: Date },
    ): Promise<number> {
      const [row] = await tx
        .insert(users)
        .values({ ...v, createdAt: v.now, updatedAt: v.now })
        .returning({ id: users.id });
      return row!.id;
    },

    /** The invitation of an account: a new token replaces the one before (whose link then stops working). */
    async replaceInvitation(tx: Tx, userId: number, tokenHash: string, expiresAt: Date, now: Date) {
      await tx
        .insert(staffInvitations)
        .values({ userId, tokenHash, expiresAt, createdAt: now })
        .onConflictDoUpdate({
          target: staffInvitations.userId,
          set: { tokenHash, expiresAt, createdAt: now },
        });
    },

    /**
     * Holds the staff-changes lock until the transaction ends: two ADMINs demoting each other at
     * once are counted one after the other, so one of them is refused.
     */
    async lockStaffChanges(tx: Tx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_CHANGES_LOCK_ID})`);
    },

    /** ADMINs who can log in (enabled, password set), other than `exceptId`. */
    async countActiveAdmins(tx: Tx, exceptId: number): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(staffInvitations, eq(staffInvitations.userId, users.id))
        .where(
          and(
            eq(users.role, 'ADMIN'),
            eq(users.enabled, true),
            isNull(staffInvitations.userId),
            ne(users.id, exceptId),
          ),
        );
      return row?.n ?? 0;
    },

    async setRole(tx: Tx, id: number, role: UserRole, now: Date) {
      await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
    },

    /** The permissions given to an account (primary key prefix). */
    async permissionsOf(userId: number): Promise<string[]> {
      const rows = await db
        .select({ permission: staffPermissions.permission })
        .from(staffPermissions)
        .where(eq(staffPermissions.userId, userId));
      return rows.map((r) => r.permission);
    },

    /** Replaces the account's permissions with `permissions`. */
    async setPermissions(tx: Tx, userId: number, permissions: string[], by: number, now: Date) {
      await tx.delete(staffPermissions).where(eq(staffPermissions.userId, userId));
      if (permissions.length > 0)
        await tx
          .insert(staffPermissions)
          .values(permissions.map((permission) => ({ userId, permission, grantedBy: by, grantedAt: now })));
    },

    /** Disables the account and ends every one of its logins at once. */
    async reactivate(tx: Tx, id: number, now: Date) {
      await tx.update(users).set({ enabled: true, updatedAt: now }).where(eq(users.id, id));
    },

    async deactivate(tx: Tx, id: number, now: Date) {
      await tx.update(users).set({ enabled: false, updatedAt: now }).where(eq(users.id, id));
      await revokeSessions(tx, id, 'deactivated', now);
    },

    /**
     * Forgets the account's authenticator, recovery codes and open login challenges, and ends its
     * logins (the factor may be in the wrong hands): the next login enrols a new one.
     */
    async resetSecondFactor(tx: Tx, id: number, now: Date): Promise<boolean> {
      const had = await createSecondFactorQueries(tx).removeFactor(id);
      await revokeSessions(tx, id, 'second-factor-reset', now);
      return had;
    },
  };
}

async function revokeSessions(tx: Tx, userId: number, reason: string, now: Date) {
  await tx
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
