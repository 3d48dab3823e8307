import { and, desc, eq, getTableColumns, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { textArrayParam } from '../../db/array-param.ts';
import { batched } from '../../lib/batched.ts';
import { CONSENT_VERSIONS } from '@giot-hong/contract';
import {
  authSessions,
  consents,
  emailVerificationTokens,
  passwordResets,
  refreshTokens,
  staffInvitations,
  throttleCounters,
  users,
  type UserRole,
} from '../../db/schema/index.ts';
import type { Alongside } from '../throttle/throttle.service.ts';

export type UserRow = typeof users.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Which unique index a failed insert hit (two sign-ups racing for one name or mailbox). */
export function uniqueViolation(err: unknown): 'username' | 'email' | null {
  // drizzle wraps the driver error; the PostgreSQL fields are on it or on its cause.
  const candidates = [err, (err as { cause?: unknown } | null)?.cause];
  for (const e of candidates) {
    const pgErr = e as { code?: string; constraint?: string; message?: string } | null;
    if (pgErr?.code !== '23505') continue;
    const where = `${pgErr.constraint ?? ''} ${pgErr.message ?? ''}`;
    if (where.includes('users_username_lower_uq')) return 'username';
    if (where.includes('users_email_lower_uq')) return 'email';
  }
  return null;
}

const USER_COLUMNS = Object.entries(getTableColumns(users));

/**
 * The account of a login, read by the statement that checks the login's throttle counters
 * (throttle.attemptUnlessBlocked): one statement less per login. The row comes as JSON and is
 * mapped column by column as a select of `users` maps it (timestamps to dates, and so on).
 */
export function userByUsername(username: string): Alongside<UserRow | undefined> {
  return {
    query: sql`(select row_to_json(${users}) from ${users} where lower(${users.username}) = lower(${username}) limit 1)`,
    read(value) {
      if (value === null || typeof value !== 'object') return undefined;
      const json = value as Record<string, unknown>;
      return Object.fromEntries(
        USER_COLUMNS.map(([key, column]) => {
          const v = json[column.name];
          return [key, v === null || v === undefined ? null : column.mapFromDriverValue(v)];
        }),
      ) as UserRow;
    },
  };
}

function createAuthQueries(db: Db) {
  return {
    // ---- users
    async findUserByUsername(username: string): Promise<UserRow | undefined> {
      const [u] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return u;
    },
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [u] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return u;
    },
    async findUserById(id: number): Promise<UserRow | undefined> {
      const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return u;
    },
    async insertUser(v: {
      username: string;
      email: string;
      passwordHash: string;
      role: UserRole;
      emailVerifiedAt: Date | null;
      now: Date;
    }): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [u] = await tx
          .insert(users)
          .values({
            username: v.username,
            email: v.email,
            passwordHash: v.passwordHash,
            role: v.role,
            emailVerifiedAt: v.emailVerifiedAt,
            createdAt: v.now,
            updatedAt: v.now,
          })
          .returning();
        // Signing up is agreeing to the terms of use in force (the form says so).
        if (v.role === 'DONOR') {
          await tx
            .insert(consents)
            .values({ userId: u!.id, purpose: 'TERMS', version: CONSENT_VERSIONS.TERMS, givenAt: v.now });
        }
        return u!;
      });
    },
    async setPassword(userId: number, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(eq(users.id, userId));
    },
    async markEmailVerified(userId: number, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    },

    // ---- sign-up links
    async insertVerificationToken(
      userId: number,
      tokenHash: string,
      expiresAt: Date,
      now: Date,
    ): Promise<void> {
      await db.insert(emailVerificationTokens).values({ userId, tokenHash, expiresAt, createdAt: now });
    },
    /** Marks the link used if it is unused and unexpired; returns its user, else undefined. */
    async consumeVerificationToken(tokenHash: string, now: Date): Promise<number | undefined> {
      const [row] = await db
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, tokenHash),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailVerificationTokens.userId });
      return row?.userId;
    },

    // ---- sessions and refresh tokens
    /**
     * A new login: its session, its first refresh token and the account's last-login time, in
     * one statement (atomic, one round trip).
     */
    async createSession(
      id: string,
      userId: number,
      refresh: { tokenHash: string; expiresAt: Date },
      now: Date,
      /** A throttle counter to forget in the same statement (the login's failed attempts). */
      forgetThrottleKey?: string,
    ): Promise<void> {
      const at = now.toISOString();
      // A data-modifying CTE runs whether or not the main statement reads it.
      const forget = forgetThrottleKey
        ? sql`, forgotten as (delete from ${throttleCounters} where ${throttleCounters.key} = ${forgetThrottleKey})`
        : sql``;
      await db.execute(sql`
        with session as (
          insert into ${authSessions} (id, user_id, created_at, last_used_at)
          values (${id}, ${userId}, ${at}::timestamptz, ${at}::timestamptz)
          returning id
        ), stamp as (
          update ${users} set last_login_at = ${at}::timestamptz where id = ${userId}
        )${forget}
        insert into ${refreshTokens} (session_id, token_hash, expires_at, created_at)
        select id, ${refresh.tokenHash}, ${refresh.expiresAt.toISOString()}::timestamptz, ${at}::timestamptz
        from session`);
    },
    async insertRefreshToken(
      sessionId: string,
      tokenHash: string,
      expiresAt: Date,
      now: Date,
    ): Promise<void> {
      await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt, createdAt: now });
    },
    /** Exchanges a refresh token: marks it used if it was unused and unexpired; returns its session. */
    async useRefreshToken(tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId });
      return row?.sessionId;
    },
    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    /** The session and its user, when the session is not revoked and the account is enabled. */
    async findActiveSession(sessionId: string): Promise<{ sessionId: string; user: UserRow } | undefined> {
      const [row] = await db
        .select({ sessionId: authSessions.id, user: users })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), eq(users.enabled, true)))
        .limit(1);
      return row;
    },
    /**
     * Every authenticated request's one statement: who holds these open sessions, and nothing more
     * (never the password hash), when they are not revoked and the account is enabled. Many
     * requests' sessions in one statement (the repository's `sessionCaller` gathers them, ADR 65);
     * a session not in the answer is not open.
     */
    async sessionCallers(sessionIds: readonly string[]): Promise<SessionCaller[]> {
      return db
        .select({ sessionId: authSessions.id, userId: users.id, username: users.username, role: users.role })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            sql`${authSessions.id} = any(${textArrayParam(sessionIds)}::text[])`,
            isNull(authSessions.revokedAt),
            eq(users.enabled, true),
          ),
        );
    },
    async touchSession(sessionId: string, now: Date): Promise<void> {
      await db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, sessionId));
    },
    async revokeSession(sessionId: string, reason: string, now: Date): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },
    /** Revokes every login of a user, except `keepSessionId` when given. */
    async revokeUserSessions(
      userId: number,
      reason: string,
      now: Date,
      keepSessionId?: string,
    ): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
          ),
        );
    },

    // ---- password recovery
    /** A new code replaces every unfinished recovery of the user. */
    async replaceResetCode(userId: number, codeHash: string, codeExpiresAt: Date, now: Date): Promise<void> {
      await db
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.resetUsedAt)));
      await db.insert(passwordResets).values({ userId, codeHash, codeExpiresAt, createdAt: now });
    },
    /** The newest recovery whose code is unused and still valid. */
    async findOpenResetCode(userId: number, now: Date): Promise<PasswordResetRow | undefined> {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, userId),
            isNull(passwordResets.codeUsedAt),
            gt(passwordResets.codeExpiresAt, now),
          ),
        )
        .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
        .limit(1);
      return row;
    },
    /** Whether the user started a recovery since `since` that has not ended in a new password. */
    async hasPendingReset(userId: number, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, userId),
            isNull(passwordResets.resetUsedAt),
            gt(passwordResets.createdAt, since),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    /** Spends the code and attaches a reset token; false when the code was spent meanwhile. */
    async exchangeCodeForResetToken(
      resetId: number,
      tokenHash: string,
      expiresAt: Date,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(passwordResets)
        .set({ codeUsedAt: now, resetTokenHash: tokenHash, resetExpiresAt: expiresAt })
        .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.codeUsedAt)))
        .returning({ id: passwordResets.id });
      return rows.length === 1;
    },
    /** Spends a reset token of the user if it is unused and unexpired. */
    async consumeResetToken(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResets)
        .set({ resetUsedAt: now })
        .where(
          and(
            eq(passwordResets.userId, userId),
            eq(passwordResets.resetTokenHash, tokenHash),
            isNull(passwordResets.resetUsedAt),
            gt(passwordResets.resetExpiresAt, now),
          ),
        )
        .returning({ id: passwordResets.id });
      return rows.length === 1;
    },
    /**
     * Spends a staff invitation's set-password token if it is the account's current one and
     * unexpired. The invitation's row goes with it: the account is no longer 'invited'.
     */
    async consumeInvitation(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .delete(staffInvitations)
        .where(
          and(
            eq(staffInvitations.userId, userId),
            eq(staffInvitations.tokenHash, tokenHash),
            gt(staffInvitations.expiresAt, now),
          ),
        )
        .returning({ userId: staffInvitations.userId });
      return rows.length === 1;
    },
    /** The account a still valid invitation token belongs to (the staff welcome page). */
    async findInvitation(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          username: users.username,
          email: users.email,
          role: users.role,
          enabled: users.enabled,
          expiresAt: staffInvitations.expiresAt,
        })
        .from(staffInvitations)
        .innerJoin(users, eq(users.id, staffInvitations.userId))
        .where(and(eq(staffInvitations.tokenHash, tokenHash), gt(staffInvitations.expiresAt, now)))
        .limit(1);
      return row;
    },
    /** A password set another way (a recovery code) ends the invitation too. */
    async deleteInvitation(userId: number): Promise<void> {
      await db.delete(staffInvitations).where(eq(staffInvitations.userId, userId));
    },
    async deleteUnfinishedResets(userId: number): Promise<void> {
      await db
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.resetUsedAt)));
    },

    /** Deletes what can never be used again: expired links, tokens, recoveries and old revoked sessions. */
    async deleteExpired(now: Date): Promise<void> {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
      await db.delete(emailVerificationTokens).where(lt(emailVerificationTokens.expiresAt, dayAgo));
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo));
      await db.delete(passwordResets).where(lt(passwordResets.createdAt, dayAgo));
      await db
        .delete(authSessions)
        .where(
          or(
            and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, monthAgo)),
            lt(authSessions.lastUsedAt, monthAgo),
          ),
        );
    },
  };
}
export type AuthQueries = ReturnType<typeof createAuthQueries>;

/** An open session and who holds it. */
export type SessionCaller = { sessionId: string; userId: number; username: string; role: UserRow['role'] };

export function createAuthRepository(db: Db) {
  const queries = createAuthQueries(db);
  return {
    ...queries,
    /**
     * Who holds this open session, or undefined (revoked, unknown, account disabled). The sessions
     * of requests arriving while one such read is on its way are read together after it (ADR 65).
     */
    sessionCaller: batched(async (ids: readonly string[]): Promise<(SessionCaller | undefined)[]> => {
      const found = new Map((await queries.sessionCallers(ids)).map((r) => [r.sessionId, r]));
      return ids.map((id) => found.get(id));
    }),
    /** Runs `fn` in one transaction with the queries bound to it. */
    transaction<T>(fn: (tx: AuthQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(createAuthQueries(tx as unknown as Db)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
