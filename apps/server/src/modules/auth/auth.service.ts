import {
  API,
  AUTH_LIMITS,
  AUTH_SERVER_MESSAGES as M,
  ErrorCode,
  PAGES,
  VERIFICATION_STATUS,
  SECOND_FACTOR_MESSAGES,
  STAFF_INVITATION_MESSAGES,
  type TStaffInvitation,
  type TChangePasswordRequest,
  type TEnrolmentConfirmRequest,
  type TLoginChallenge,
  type TSecondFactorRequest,
  type TLoginRequest,
  type TMe,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TUserRole,
} from '@giot-hong/contract';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import {
  throttleKey,
  type FailurePolicy,
  type ThrottleService,
  type WindowLimit,
} from '../throttle/throttle.service.ts';
import type { AccessTokens } from './access-token.ts';
import {
  burnPasswordCheck,
  hashPassword,
  isCommonPassword,
  otpDigest,
  randomOtp,
  safeEqualHex,
  successorRefreshToken,
  verifyPassword,
} from './auth.crypto.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { passwordChangedMail, resetCodeMail, signUpAttemptMail, verificationMail } from './auth.mails.ts';
import {
  uniqueViolation,
  userByUsername,
  type AuthQueries,
  type AuthRepository,
  type UserRow,
} from './auth.repository.ts';
import { requiresSecondFactor, type SecondFactorService } from '../second-factor/second-factor.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

/** Who is calling, as `app.authenticate` puts it on `request.user`. */
export type AuthUser = { id: number; username: string; role: TUserRole; sessionId: string };

export type IssuedTokens = { accessToken: string; refreshToken: string };
/** A login's answer: tokens, or (staff) the challenge of the second factor. */
export type LoginOutcome = IssuedTokens | { secondFactor: TLoginChallenge };

const HOUR = 3600;

/**
 * Rate limits. `fixed` limits are rules of the product (one code per 300 s, five tries per code)
 * and ignore RATE_LIMIT_SCALE; the others protect the service and scale.
 */
export const AUTH_RATE_LIMITS = {
  registerPerIp: { bucket: 'register-ip', max: 10, windowSeconds: HOUR, message: M.tooManyRegisters },
  resendPerIp: { bucket: 'resend-ip', max: 20, windowSeconds: HOUR, message: M.tooManyResends },
  resendPerEmail: {
    bucket: 'resend-email',
    max: 1,
    windowSeconds: 60,
    message: M.tooManyResends,
    fixed: true,
  },
  forgotPerIp: { bucket: 'forgot-ip', max: 20, windowSeconds: HOUR, message: M.tooManyForgot },
  forgotPerEmail: {
    bucket: 'forgot-email',
    max: 1,
    windowSeconds: AUTH_LIMITS.otpResendSeconds,
    message: M.tooManyForgot,
    fixed: true,
  },
  verifyOtpPerIp: { bucket: 'otp-ip', max: 30, windowSeconds: 600, message: M.tooManyOtp },
  /** Tries against the current code of an e-mail, known or not; reset when a new code is sent. */
  otpTries: {
    bucket: 'otp-tries',
    max: AUTH_LIMITS.otpMaxWrongTries,
    windowSeconds: AUTH_LIMITS.otpValidSeconds,
    message: () => M.otpLocked,
    fixed: true,
  },
} satisfies Record<string, WindowLimit>;

/** Login failures per account: ≤ 100 an hour in any case, ~70 with the growing delays; never a lockout. */
export const LOGIN_ACCOUNT_POLICY: FailurePolicy = {
  bucket: 'login-account',
  freeFailures: 5,
  maxDelaySeconds: 60,
  maxPerHour: 100,
  message: M.tooManyLogins,
};
/**
 * Wrong second-factor codes per account: the same numbers as passwords (ADR 22), in a bucket of
 * their own. A right password forgets the password failures; it must not forget these, or whoever
 * knows the password could start the code guesses afresh at will. Only a right code forgets them.
 */
export const SECOND_FACTOR_ACCOUNT_POLICY: FailurePolicy = {
  ...LOGIN_ACCOUNT_POLICY,
  bucket: 'second-factor-account',
  message: SECOND_FACTOR_MESSAGES.tooManyCodes,
};
/** Login failures per IP (many people can share one address, so it starts later). */
export const LOGIN_IP_POLICY: FailurePolicy = {
  bucket: 'login-ip',
  freeFailures: 20,
  maxDelaySeconds: 60,
  maxPerHour: 500,
  message: M.tooManyLogins,
};

type Deps = {
  repo: AuthRepository;
  throttle: ThrottleService;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
  secondFactor: SecondFactorService;
};

/**
 * Two tabs of one browser share the stored refresh token; when both find their access token
 * expired they refresh at the same moment, and the second request arrives after the first has
 * rotated the token. Without a grace that looks like theft and logs the person out. For this
 * long after a rotation, the token rotated last (and only while its successor is unused) answers
 * again with the same new pair; any other reuse still revokes the login. Seconds, not minutes:
 * the window in which a stolen just-rotated token is worth anything stays tiny.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const usernameTaken = () =>
  new HttpError(ErrorCode.CONFLICT, M.usernameTaken, {
    details: { errors: [{ field: 'username', message: M.usernameTaken }] },
  });
const invalidCredentials = () => new HttpError(ErrorCode.UNAUTHORIZED, M.invalidCredentials);
const sessionExpired = () => new HttpError(ErrorCode.UNAUTHORIZED, M.sessionExpired);
/**
 * A new password must not be guessable: on the list of common passwords, or weak by the strength
 * estimate, which knows the username, the e-mail, the site's names and the published demo passwords.
 */
const guessable = async (password: string, person: { username?: string; email?: string }) => {
  if (isCommonPassword(password)) return true;
  // The estimate and its dictionaries (about 13 MB) load with the first new password, not at start.
  const { isGuessablePassword } = await import('@giot-hong/contract/password-strength');
  return isGuessablePassword(password, person);
};
const tooCommon = (field: string) =>
  new HttpError(ErrorCode.VALIDATION, M.passwordTooCommon, {
    details: { errors: [{ field, message: M.passwordTooCommon }] },
  });

export function createAuthService(deps: Deps) {
  const { repo, throttle, clock, config } = deps;
  const now = () => clock.now();
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000);
  const otpSecret = `otp:${config.secrets.dataEncryption}`;
  const successorOf = (refreshToken: string) =>
    successorRefreshToken(`refresh:${config.secrets.refreshToken}`, refreshToken);
  const accountKey = (username: string) => throttleKey(LOGIN_ACCOUNT_POLICY.bucket, username);
  const ipKey = (ip: string) => throttleKey(LOGIN_IP_POLICY.bucket, ip);
  const codeKey = (userId: number) => throttleKey(SECOND_FACTOR_ACCOUNT_POLICY.bucket, String(userId));
  const limitKey = (limit: WindowLimit, identity: string) => throttleKey(limit.bucket, identity);
  const consume = (limit: WindowLimit, identity: string) =>
    throttle.consume(limit, limitKey(limit, identity));

  /**
   * Mails leave in the background: the answer must not wait for SMTP, and must not take longer
   * for a known e-mail than for an unknown one. `drain()` awaits what is still on its way.
   */
  const inFlight = new Set<Promise<void>>();
  function dispatch(mail: OutgoingMail) {
    const p = deps.mailer
      .send(mail)
      .catch((err: Error) => logFailure(deps.log, err, 'mail not sent', { subject: mail.subject }))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  async function sendVerification(user: UserRow) {
    const token = randomToken();
    await repo.insertVerificationToken(
      user.id,
      sha256(token),
      later(AUTH_LIMITS.verificationLinkHours * HOUR),
      now(),
    );
    const link = `${config.publicUrl}${API.authVerifyEmail}?token=${token}`;
    dispatch({ ...verificationMail(user.email, user.username, link), devLinks: [link] });
  }

  async function sendResetCode(user: UserRow) {
    const code = randomOtp();
    await repo.replaceResetCode(
      user.id,
      otpDigest(otpSecret, String(user.id), code),
      later(AUTH_LIMITS.otpValidSeconds),
      now(),
    );
    dispatch({
      ...resetCodeMail(user.email, user.username, code),
      devLinks: [`${config.publicUrl}${PAGES.otp}`],
    });
  }

  async function issueTokens(
    user: UserRow,
    sessionId: string,
    r: AuthQueries = repo,
    refreshToken = randomToken(),
  ): Promise<IssuedTokens> {
    const issuedAt = now();
    await r.insertRefreshToken(
      sessionId,
      sha256(refreshToken),
      later(AUTH_LIMITS.refreshTokenDays * 24 * HOUR),
      issuedAt,
    );
    const accessToken = await deps.accessTokens.sign(
      { userId: user.id, sessionId, role: user.role },
      issuedAt,
    );
    return { accessToken, refreshToken };
  }

  /**
   * The pair that exchanging `presented` issued, when it was rotated less than
   * REFRESH_REUSE_GRACE_MS ago, its successor has not been used and the login is still active
   * (see REFRESH_REUSE_GRACE_MS); undefined otherwise.
   */
  async function pairWithinGrace(
    tx: AuthQueries,
    rotated: { sessionId: string; usedAt: Date },
    presented: string,
  ): Promise<IssuedTokens | undefined> {
    if (now().getTime() - rotated.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return undefined;
    const refreshToken = successorOf(presented);
    const successor = await tx.findRefreshToken(sha256(refreshToken));
    if (!successor || successor.sessionId !== rotated.sessionId || successor.usedAt) return undefined;
    const session = await tx.findActiveSession(rotated.sessionId);
    if (!session) return undefined;
    const accessToken = await deps.accessTokens.sign(
      { userId: session.user.id, sessionId: session.sessionId, role: session.user.role },
      successor.createdAt,
    );
    return { accessToken, refreshToken };
  }

  function noticeSignUpAttempt(owner: UserRow) {
    dispatch(
      signUpAttemptMail(
        owner.email,
        owner.username,
        `${config.publicUrl}${PAGES.login}`,
        `${config.publicUrl}${PAGES.forgotPassword}`,
      ),
    );
  }

  /**
   * Work done after the answer (a reset code written and mailed): the answer must not wait for it,
   * so it cannot tell a known e-mail from an unknown one. `drain()` awaits it like the mails.
   */
  function background(task: () => Promise<void>) {
    // Started on the next turn of the event loop: after the answer has been sent.
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: Error) => logFailure(deps.log, err, 'background account task failed'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  /**
   * A new login: its session, first refresh token and access token. `forgetKey`: the throttle
   * counter the success clears, in the session's own statement.
   */
  async function startSession(user: UserRow, forgetKey: string): Promise<IssuedTokens> {
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await repo.createSession(
      sessionId,
      user.id,
      { tokenHash: sha256(refreshToken), expiresAt: later(AUTH_LIMITS.refreshTokenDays * 24 * HOUR) },
      now(),
      forgetKey,
    );
    const accessToken = await deps.accessTokens.sign({ userId: user.id, sessionId, role: user.role });
    return { accessToken, refreshToken };
  }

  /** Between the password and the code an ADMIN may have locked the account. */
  function assertMayLogIn(user: UserRow) {
    if (!user.enabled) throw new HttpError(ErrorCode.FORBIDDEN, M.accountDisabled);
  }

  /** Runs a code check; a wrong code also counts against the caller's address, like a wrong password. */
  async function countingFailure<T>(ip: string, check: () => Promise<T>): Promise<T> {
    try {
      return await check();
    } catch (err) {
      if (err instanceof HttpError && err.code === ErrorCode.VALIDATION)
        await throttle.recordFailure(LOGIN_IP_POLICY, ipKey(ip));
      throw err;
    }
  }

  function noticePasswordChanged(user: UserRow) {
    dispatch(passwordChangedMail(user.email, user.username, `${config.publicUrl}${PAGES.forgotPassword}`));
  }

  return {
    drain: () => Promise.all([...inFlight]).then(() => undefined),

    /**
     * A taken username is said (the person must choose another); a taken e-mail is not: the
     * answer is the one of a new sign-up, and the address's owner gets a mail about the attempt.
     * The password is hashed on both paths, so neither answers sooner.
     */
    async register(input: TRegisterRequest, ip: string): Promise<string> {
      await consume(AUTH_RATE_LIMITS.registerPerIp, ip);
      if (await guessable(input.password, input)) throw tooCommon('password');
      const [byName, byEmail] = await Promise.all([
        repo.findUserByUsername(input.username),
        repo.findUserByEmail(input.email),
      ]);
      if (byName) throw usernameTaken();
      const passwordHash = await hashPassword(input.password);
      if (byEmail) {
        noticeSignUpAttempt(byEmail);
        return M.registerSuccess;
      }
      let user: UserRow;
      try {
        user = await repo.insertUser({
          username: input.username,
          email: input.email,
          passwordHash,
          role: 'DONOR',
          emailVerifiedAt: null,
          now: now(),
        });
      } catch (err) {
        // Two sign-ups raced past the look-up above; the unique index decided.
        const field = uniqueViolation(err);
        if (!field) throw err;
        if (field === 'username') throw usernameTaken();
        const owner = await repo.findUserByEmail(input.email);
        if (owner) noticeSignUpAttempt(owner);
        return M.registerSuccess;
      }
      await sendVerification(user);
      return M.registerSuccess;
    },

    /** The sign-up link: single use, 24 hours. */
    async verifyEmail(
      token: string | undefined,
    ): Promise<(typeof VERIFICATION_STATUS)[keyof typeof VERIFICATION_STATUS]> {
      if (!token || token.length > 200) return VERIFICATION_STATUS.failed;
      const userId = await repo.consumeVerificationToken(sha256(token), now());
      if (userId === undefined) return VERIFICATION_STATUS.failed;
      await repo.markEmailVerified(userId, now());
      return VERIFICATION_STATUS.success;
    },

    /**
     * Resends what the account waits for: a new recovery code while a recovery is open (the
     * code page's resend button uses this call), else the sign-up link while unverified. Same answer
     * whatever the e-mail.
     */
    async resendVerification(email: string, ip: string): Promise<string> {
      await consume(AUTH_RATE_LIMITS.resendPerIp, ip);
      await consume(AUTH_RATE_LIMITS.resendPerEmail, email);
      const user = await repo.findUserByEmail(email);
      if (!user || !user.enabled) return M.resendSent;
      if (await repo.hasPendingReset(user.id, new Date(now().getTime() - HOUR * 1000))) {
        // The 300 s between codes still holds; inside it the request quietly does nothing.
        const allowed = await consume(AUTH_RATE_LIMITS.forgotPerEmail, email).then(
          () => true,
          () => false,
        );
        if (allowed) {
          await throttle.forget(limitKey(AUTH_RATE_LIMITS.otpTries, email));
          await sendResetCode(user);
        }
      } else if (!user.emailVerifiedAt) {
        await sendVerification(user);
      }
      return M.resendSent;
    },

    async login(input: TLoginRequest, ip: string): Promise<LoginOutcome> {
      // The address's block is checked and the account's attempt counted before the password is
      // (ADR 6, 13): a burst of parallel guesses is counted one by one. One statement, usually,
      // which also reads the account (ADR 45), whether it exists or not.
      const user = await throttle.attemptUnlessBlocked(
        LOGIN_IP_POLICY,
        ipKey(ip),
        LOGIN_ACCOUNT_POLICY,
        accountKey(input.username),
        userByUsername(input.username),
      );
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!user || !ok) {
        await throttle.recordFailure(LOGIN_IP_POLICY, ipKey(ip));
        throw invalidCredentials();
      }
      // The right password forgets the account's failed attempts: in the session's own statement
      // when the login succeeds (one statement less per login), on its own otherwise.
      if (!user.enabled || !user.emailVerifiedAt) {
        await throttle.forget(accountKey(input.username));
        if (!user.enabled) throw new HttpError(ErrorCode.FORBIDDEN, M.accountDisabled);
        throw new HttpError(ErrorCode.EMAIL_NOT_VERIFIED, M.emailNotVerified);
      }
      // Staff: no tokens yet. The password was right; the code (or the enrolment) comes next.
      if (requiresSecondFactor(user.role)) {
        await throttle.forget(accountKey(input.username));
        return { secondFactor: await deps.secondFactor.issueChallenge(user) };
      }
      return startSession(user, accountKey(input.username));
    },

    /**
     * Staff login, step 2: the challenge of a right password and the authenticator's code (±1 step,
     * never a step twice) or a recovery code (each once). Wrong codes are throttled per account like
     * wrong passwords; the tokens are issued only here.
     */
    async verifySecondFactor(
      input: TSecondFactorRequest,
      ip: string,
    ): Promise<IssuedTokens & { recoveryCodesLeft?: number }> {
      await throttle.assertNotBlocked(LOGIN_IP_POLICY, ipKey(ip));
      const user = await deps.secondFactor.accountOf(input.challenge, 'code');
      await throttle.attempt(SECOND_FACTOR_ACCOUNT_POLICY, codeKey(user.id));
      assertMayLogIn(user);
      const checked = await countingFailure(ip, () => deps.secondFactor.checkCode(user, input));
      if (!(await deps.secondFactor.spendChallenge(input.challenge))) {
        throw new HttpError(ErrorCode.UNAUTHORIZED, SECOND_FACTOR_MESSAGES.challengeExpired);
      }
      return { ...(await startSession(user, codeKey(user.id))), ...checked };
    },

    /** Enrolment, first call: a secret for the challenge of a staff member without an app yet. */
    async startEnrolment(challenge: string): Promise<{ secret: string; uri: string }> {
      const user = await deps.secondFactor.accountOf(challenge, 'enrol');
      assertMayLogIn(user);
      return deps.secondFactor.startEnrolment(challenge);
    },

    /** Enrolment, second call: the app's first code; the tokens and the ten recovery codes. */
    async confirmEnrolment(
      input: TEnrolmentConfirmRequest,
      ip: string,
    ): Promise<IssuedTokens & { recoveryCodes: string[] }> {
      await throttle.assertNotBlocked(LOGIN_IP_POLICY, ipKey(ip));
      const account = await deps.secondFactor.accountOf(input.challenge, 'enrol');
      await throttle.attempt(SECOND_FACTOR_ACCOUNT_POLICY, codeKey(account.id));
      assertMayLogIn(account);
      const { user, recoveryCodes } = await countingFailure(ip, () =>
        deps.secondFactor.confirmEnrolment(input.challenge, input.code),
      );
      return { ...(await startSession(user, codeKey(user.id))), recoveryCodes };
    },

    /**
     * Rotates a refresh token. Presenting one that was already exchanged revokes its whole login,
     * except the token rotated last within the grace (REFRESH_REUSE_GRACE_MS): the same pair again.
     */
    async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
      if (!refreshToken || refreshToken.length > 200) throw sessionExpired();
      const hash = sha256(refreshToken);
      const outcome = await repo.transaction(async (tx) => {
        const sessionId = await tx.useRefreshToken(hash, now());
        if (!sessionId) {
          const known = await tx.findRefreshToken(hash);
          if (known?.usedAt) {
            const again = await pairWithinGrace(tx, { ...known, usedAt: known.usedAt }, refreshToken);
            if (again) return { tokens: again };
            await tx.revokeSession(known.sessionId, 'reuse', now());
            return { reused: true as const };
          }
          return null;
        }
        const session = await tx.findActiveSession(sessionId);
        if (!session) return null;
        await tx.touchSession(sessionId, now());
        return { tokens: await issueTokens(session.user, sessionId, tx, successorOf(refreshToken)) };
      });
      if (outcome && 'reused' in outcome) {
        deps.log.warn('refresh token reused; its login was revoked');
        throw sessionExpired();
      }
      if (!outcome) throw sessionExpired();
      return outcome.tokens;
    },

    /** Ends the login of the refresh token (or of the access token's session). Always succeeds. */
    async logout(refreshToken: string | undefined, caller: AuthUser | null): Promise<string> {
      if (refreshToken && refreshToken.length <= 200) {
        const row = await repo.findRefreshToken(sha256(refreshToken));
        if (row) await repo.revokeSession(row.sessionId, 'logout', now());
      } else if (caller) {
        await repo.revokeSession(caller.sessionId, 'logout', now());
      }
      return M.logoutSuccess;
    },

    /** `app.authenticate`: a valid access token whose login is still open. */
    async authenticate(accessToken: string): Promise<AuthUser | null> {
      const claims = await deps.accessTokens.verify(accessToken);
      if (!claims) return null;
      const session = await repo.sessionCaller(claims.sessionId);
      if (!session || session.userId !== claims.userId) return null;
      return {
        id: session.userId,
        username: session.username,
        role: session.role,
        sessionId: session.sessionId,
      };
    },

    async me(caller: AuthUser): Promise<TMe> {
      const user = await repo.findUserById(caller.id);
      if (!user) throw sessionExpired();
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        emailVerified: Boolean(user.emailVerifiedAt),
      };
    },

    /** Checks the old password (counted like a login failure), then ends every other login. */
    async changePassword(caller: AuthUser, input: TChangePasswordRequest): Promise<string> {
      const user = await repo.findUserById(caller.id);
      if (!user) throw sessionExpired();
      await throttle.attempt(LOGIN_ACCOUNT_POLICY, accountKey(user.username));
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw new HttpError(ErrorCode.VALIDATION, M.oldPasswordWrong, {
          details: { errors: [{ field: 'oldPassword', message: M.oldPasswordWrong }] },
        });
      }
      await throttle.forget(accountKey(user.username));
      if (input.newPassword.trim() === input.oldPassword.trim()) {
        throw new HttpError(ErrorCode.VALIDATION, M.samePassword, {
          details: { errors: [{ field: 'newPassword', message: M.samePassword }] },
        });
      }
      if (await guessable(input.newPassword, user)) throw tooCommon('newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await repo.transaction(async (tx) => {
        await tx.setPassword(user.id, passwordHash, now());
        await tx.revokeUserSessions(user.id, 'password-change', now(), caller.sessionId);
      });
      noticePasswordChanged(user);
      return M.changeSuccess;
    },

    /** Same answer for every e-mail; a new code at most every 300 s per e-mail. */
    async forgotPassword(email: string, ip: string): Promise<string> {
      await consume(AUTH_RATE_LIMITS.forgotPerIp, ip);
      await consume(AUTH_RATE_LIMITS.forgotPerEmail, email);
      await throttle.forget(limitKey(AUTH_RATE_LIMITS.otpTries, email));
      // Looked up and written after the answer: the same wait for every e-mail.
      background(async () => {
        const user = await repo.findUserByEmail(email);
        if (user?.enabled) await sendResetCode(user);
      });
      return M.forgotSent;
    },

    /** A right code (at most 5 tries, 10 minutes) becomes a single-use reset token (15 minutes). */
    async verifyOtp(
      email: string,
      otp: string,
      ip: string,
    ): Promise<{ resetToken: string; expiresIn: number }> {
      await consume(AUTH_RATE_LIMITS.verifyOtpPerIp, ip);
      try {
        await consume(AUTH_RATE_LIMITS.otpTries, email);
      } catch {
        throw new HttpError(ErrorCode.VALIDATION, M.otpLocked);
      }
      // The same queries and the same digest whether the e-mail is known or not (no id is 0).
      const user = await repo.findUserByEmail(email);
      const userId = user?.enabled ? user.id : 0;
      const open = await repo.findOpenResetCode(userId, now());
      const digest = otpDigest(otpSecret, String(userId), otp);
      const right = Boolean(open && user && safeEqualHex(open.codeHash, digest));
      if (!open || !right) throw new HttpError(ErrorCode.VALIDATION, M.otpInvalid);
      const resetToken = randomToken();
      const exchanged = await repo.exchangeCodeForResetToken(
        open.id,
        sha256(resetToken),
        later(AUTH_LIMITS.resetTokenSeconds),
        now(),
      );
      if (!exchanged) throw new HttpError(ErrorCode.VALIDATION, M.otpInvalid);
      await throttle.forget(limitKey(AUTH_RATE_LIMITS.otpTries, email));
      return { resetToken, expiresIn: AUTH_LIMITS.resetTokenSeconds };
    },

    /**
     * Who a staff invitation's link invites: the welcome page shows the username they will log in
     * with (the person knows only the e-mail the link came to). Nothing for a token that is not a
     * current invitation, in the same words whatever the reason. Counted per address like a code.
     */
    async staffInvitation(token: string, ip: string): Promise<TStaffInvitation> {
      await consume(AUTH_RATE_LIMITS.verifyOtpPerIp, ip);
      const found = await repo.findInvitation(sha256(token), now());
      if (!found || !found.enabled)
        throw new HttpError(ErrorCode.VALIDATION, STAFF_INVITATION_MESSAGES.invalid);
      return {
        username: found.username,
        email: found.email,
        role: found.role,
        expiresAt: found.expiresAt.toISOString(),
      };
    },

    /** Sets the new password, ends every login of the account and proves the mailbox. */
    async resetPassword(input: TResetPasswordRequest): Promise<string> {
      if (await guessable(input.newPassword, { email: input.email })) throw tooCommon('newPassword');
      const invalid = () => new HttpError(ErrorCode.VALIDATION, M.resetTokenInvalid);
      if (input.resetToken.length > 200) throw invalid();
      const user = await repo.findUserByEmail(input.email);
      if (!user || !user.enabled) throw invalid();
      const passwordHash = await hashPassword(input.newPassword);
      const done = await repo.transaction(async (tx) => {
        // A recovery's reset token, or the set-password token of a staff invitation (its own table:
        // a forgot-password, which anyone may ask for any e-mail, never cancels an invitation).
        const tokenHash = sha256(input.resetToken);
        const spent =
          (await tx.consumeResetToken(user.id, tokenHash, now())) ||
          (await tx.consumeInvitation(user.id, tokenHash, now()));
        if (!spent) return false;
        // Checked against the username only once the token is proved (the throw rolls the token's
        // use back): the answer never tells a stranger which username an e-mail belongs to.
        if (await guessable(input.newPassword, user)) throw tooCommon('newPassword');
        await tx.setPassword(user.id, passwordHash, now());
        await tx.markEmailVerified(user.id, now());
        await tx.revokeUserSessions(user.id, 'password-reset', now());
        await tx.deleteUnfinishedResets(user.id);
        await tx.deleteInvitation(user.id);
        return true;
      });
      if (!done) throw invalid();
      // Whoever was locked out by guesses at this account has just proved who they are.
      await throttle.forget(accountKey(user.username));
      noticePasswordChanged(user);
      return M.resetSuccess;
    },

    async sweep(): Promise<void> {
      await throttle.sweep();
      await deps.secondFactor.sweep();
      await repo.deleteExpired(now());
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
