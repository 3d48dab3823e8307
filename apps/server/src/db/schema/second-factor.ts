import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea } from './column-types.ts';

/**
 * An account's authenticator app (TOTP, RFC 6238): required for STAFF and ADMIN (ADR 22). The
 * shared secret is sealed with a key derived from DATA_ENCRYPTION_KEY (it must be read back to
 * check a code, so it cannot be hashed). `lastUsedStep` is the 30-second step of the last code
 * accepted: a code of that step or an earlier one is refused, so an observed code cannot be replayed.
 */
export const secondFactors = pgTable('second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: bytea('secret_sealed').notNull(),
  lastUsedStep: integer('last_used_step'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
});

/**
 * Ten one-time recovery codes per enrolment, for a lost phone. Stored as an HMAC keyed from a
 * server secret (about 50 bits each: a plain hash could be searched through once the table leaked).
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * What a right password of an account with a second factor gets instead of tokens: a random
 * challenge (sha256 stored), valid a few minutes, good for one login. `purpose` says whether the
 * code step or the enrolment follows; an enrolment keeps the secret being set up here (sealed)
 * until its first code confirms it.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'code' (enter the code of the enrolled app) or 'enrol' (set one up first). */
    purpose: text('purpose').$type<'code' | 'enrol'>().notNull(),
    pendingSecretSealed: bytea('pending_secret_sealed'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.userId),
    index('login_challenges_expires_idx').on(t.expiresAt),
  ],
);
