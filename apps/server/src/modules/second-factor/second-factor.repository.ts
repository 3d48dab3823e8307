import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginChallenges, recoveryCodes, secondFactors, users } from '../../db/schema/index.ts';
import { audit, type AuditActor } from '../audit/audit.repository.ts';
import type { TAuditAction } from '@giot-hong/contract';

export type ChallengePurpose = 'code' | 'enrol';
/** A database handle or an open transaction. */

/** The queries on a database handle or inside a transaction (the staff service resets a factor in its own). */
export function createSecondFactorQueries(db: Tx) {
  return {
    /** Whether the account has an authenticator (a confirmed one: enrolments in progress are challenges). */
    async hasFactor(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: secondFactors.userId })
        .from(secondFactors)
        .where(eq(secondFactors.userId, userId))
        .limit(1);
      return Boolean(row);
    },

    async findFactor(userId: number) {
      const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
      return row;
    },

    async insertChallenge(v: {
      tokenHash: string;
      userId: number;
      purpose: ChallengePurpose;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db.insert(loginChallenges).values({
        tokenHash: v.tokenHash,
        userId: v.userId,
        purpose: v.purpose,
        expiresAt: v.expiresAt,
        createdAt: v.now,
      });
    },

    /** An unexpired challenge of `purpose` with its account (enabled or not: the caller says which answer). */
    async findChallenge(tokenHash: string, purpose: ChallengePurpose, now: Date) {
      const [row] = await db
        .select({ challenge: loginChallenges, user: users })
        .from(loginChallenges)
        .innerJoin(users, eq(users.id, loginChallenges.userId))
        .where(
          and(
            eq(loginChallenges.tokenHash, tokenHash),
            eq(loginChallenges.purpose, purpose),
            gt(loginChallenges.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    async setPendingSecret(tokenHash: string, sealed: Buffer): Promise<void> {
      await db
        .update(loginChallenges)
        .set({ pendingSecretSealed: sealed })
        .where(eq(loginChallenges.tokenHash, tokenHash));
    },

    /** Spends a challenge; false when another request spent it first. */
    async deleteChallenge(tokenHash: string): Promise<boolean> {
      const rows = await db
        .delete(loginChallenges)
        .where(eq(loginChallenges.tokenHash, tokenHash))
        .returning({ tokenHash: loginChallenges.tokenHash });
      return rows.length === 1;
    },

    /**
     * Records the step of an accepted code, only if it is later than the last one: of two requests
     * with the same code exactly one gets true.
     */
    async useStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(secondFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(secondFactors.userId, userId),
            or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
          ),
        )
        .returning({ userId: secondFactors.userId });
      return rows.length === 1;
    },

    /** Spends one unused recovery code; false when there is no such code. */
    async useRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    async unusedRecoveryCodes(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /**
     * The enrolment: the authenticator and its recovery codes (replacing any earlier ones). False
     * when the account got an authenticator meanwhile (another tab's enrolment).
     */
    async insertFactor(v: {
      userId: number;
      secretSealed: Buffer;
      lastUsedStep: number | null;
      recoveryCodeHashes: string[];
      now: Date;
    }): Promise<boolean> {
      const inserted = await db
        .insert(secondFactors)
        .values({
          userId: v.userId,
          secretSealed: v.secretSealed,
          lastUsedStep: v.lastUsedStep,
          confirmedAt: v.now,
        })
        .onConflictDoNothing()
        .returning({ userId: secondFactors.userId });
      if (inserted.length === 0) return false;
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, v.userId));
      await db
        .insert(recoveryCodes)
        .values(v.recoveryCodeHashes.map((codeHash) => ({ userId: v.userId, codeHash, createdAt: v.now })));
      return true;
    },

    /** Forgets the authenticator, its recovery codes and open challenges: the next login enrols again. */
    async removeFactor(userId: number): Promise<boolean> {
      const removed = await db
        .delete(secondFactors)
        .where(eq(secondFactors.userId, userId))
        .returning({ userId: secondFactors.userId });
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
      return removed.length === 1;
    },

    /** An audit row (the account's own action on itself) in the same transaction as the change it records. */
    audit: (actor: AuditActor, action: TAuditAction, at: Date) =>
      audit(db, actor, action, { type: 'user', id: actor.id }, at),

    /** Challenges nobody can use any more (the hourly sweep). */
    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
    },
  };
}
export type SecondFactorQueries = ReturnType<typeof createSecondFactorQueries>;

export function createSecondFactorRepository(db: Db) {
  return {
    ...createSecondFactorQueries(db),
    /** Runs `fn` in one transaction with the queries bound to it. */
    transaction<T>(fn: (tx: SecondFactorQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(createSecondFactorQueries(tx as unknown as Db)));
    },
  };
}
export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
