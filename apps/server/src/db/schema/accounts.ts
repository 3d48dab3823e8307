import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Roles: donors use the portal; staff use the console under /quan-tri; an ADMIN also manages staff. */
export const USER_ROLES = ['DONOR', 'STAFF', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored as typed (trimmed); uniqueness and look-ups use lower(email). */
    email: text('email').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull().default('DONOR'),
    /** null until the sign-up link was opened (or a reset code proved the mailbox). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A disabled account cannot log in (staff decision); nothing else is lost. */
    enabled: boolean('enabled').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set at every successful login (the staff accounts page shows it). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness: 'An' and 'an' are the same login, 'A@x.vn' and 'a@x.vn' the same mailbox.
    uniqueIndex('users_username_lower_uq').using('btree', sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').using('btree', sql`lower(${t.email})`),
    // Staff donor search by the beginning of a username or an e-mail address.
    index('users_username_prefix_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    // The staff accounts page and the console's assignee pickers.
    index('users_staff_role_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'DONOR'`),
  ],
);

/** Single-use sign-up links (24 h). Only the sha256 of the token is stored. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_uq').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
  ],
);

/**
 * One login = one session (the refresh-token "family"). Access tokens carry the session id, so
 * revoking a session ends its access tokens at once, not only when they expire.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    /** Random UUID, also the `sid` claim of access tokens. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, reuse, password-change, password-reset */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Rotating refresh tokens (opaque, sha256 stored). A used one presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when exchanged for a new pair; presenting it again is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * Password recovery: a 6-digit code (10 min, HMAC stored) that, once verified, becomes a
 * single-use reset token (15 min, sha256 stored). Wrong tries are counted per e-mail in
 * throttle_counters, so an unknown e-mail behaves exactly like a known one.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    resetUsedAt: timestamp('reset_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    uniqueIndex('password_resets_token_uq').on(t.resetTokenHash),
  ],
);

/**
 * A staff member's invitation: the set-password link mailed by an ADMIN (or printed by
 * `npm run staff:create`), 24 h, single use, sha256 stored. Its own table, not a row of
 * `password_resets`: a forgot-password (anyone can ask one for any e-mail) replaces the recoveries
 * of an account and must never cancel an invitation. One per account; re-inviting replaces it.
 * The row lives until the password is set, so while it exists the account is 'invited', even once
 * the link has expired.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_invitations_token_uq').on(t.tokenHash)],
);

/**
 * Rate-limit and login-throttle counters shared by every server process. `key` is a bucket name
 * plus a sha256 of the e-mail, username or IP, so no personal data sits in this table.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** Login throttling: no attempt is checked before this instant. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('throttle_counters_window_idx').on(t.windowStart)],
);
