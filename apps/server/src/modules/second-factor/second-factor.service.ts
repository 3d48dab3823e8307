import {
  ErrorCode,
  SECOND_FACTOR,
  SECOND_FACTOR_MESSAGES as M,
  normalizeRecoveryCode,
  type TLoginChallenge,
  type TUserRole,
} from '@giot-hong/contract';
import { createHmac, randomInt } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { users } from '../../db/schema/index.ts';
import type { SecondFactorRepository } from './second-factor.repository.ts';
import { matchCode, newTotpSecret, otpauthUri, toBase32 } from './totp.ts';

/** An account as the auth module reads it (the users row), whose login the second factor completes. */
type UserRow = typeof users.$inferSelect;

/** Roles that must log in with a second factor: they read every donor's ID card (ADR 22). */
export const requiresSecondFactor = (role: TUserRole) => role === 'STAFF' || role === 'ADMIN';

/** Purpose label of the sealed box holding authenticator secrets (the key derives from it). */
export const TOTP_SECRET_PURPOSE = 'totp-secret';

/** Crockford's base32 digits: no i, l, o, u, so a code read aloud or typed from paper is not misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `ab3de-7gh2k`: 50 random bits, as printed for the person. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const challengeExpired = () => new HttpError(ErrorCode.UNAUTHORIZED, M.challengeExpired);
const fieldError = (field: string, message: string) =>
  new HttpError(ErrorCode.VALIDATION, message, { details: { errors: [{ field, message }] } });

/**
 * The rules of the second factor: challenges of a right password, the authenticator's codes
 * (±1 step, never a step twice), recovery codes (each once), enrolment. Throttling and sessions
 * stay with the login (auth.service.ts), which calls this.
 */
export function createSecondFactorService(deps: {
  repo: SecondFactorRepository;
  clock: Clock;
  /** DATA_ENCRYPTION_KEY: seals the secrets and keys the recovery codes' HMAC. */
  dataEncryptionKey: string;
}) {
  const { repo, clock } = deps;
  const box = createSealedBox(deps.dataEncryptionKey, TOTP_SECRET_PURPOSE);
  const recoveryKey = `recovery-code:${deps.dataEncryptionKey}`;
  const recoveryHash = (userId: number, code: string) =>
    createHmac('sha256', recoveryKey)
      .update(`${userId}:${normalizeRecoveryCode(code)}`)
      .digest('hex');
  const openSecret = (sealed: Buffer) => new Uint8Array(box.open(sealed));

  /** The challenge and its account, or 401 (expired, spent, unknown, or for the other step). */
  async function challengeOrThrow(token: string, purpose: 'code' | 'enrol') {
    const found = await repo.findChallenge(sha256(token), purpose, clock.now());
    if (!found) throw challengeExpired();
    return found;
  }

  return {
    /** A right password's answer: a challenge for the code step, or for the enrolment when there is no app yet. */
    async issueChallenge(user: UserRow): Promise<TLoginChallenge> {
      const next = (await repo.hasFactor(user.id)) ? 'code' : 'enrol';
      const seconds = next === 'code' ? SECOND_FACTOR.challengeSeconds : SECOND_FACTOR.enrolmentSeconds;
      const challenge = randomToken();
      const now = clock.now();
      await repo.insertChallenge({
        tokenHash: sha256(challenge),
        userId: user.id,
        purpose: next,
        expiresAt: new Date(now.getTime() + seconds * 1000),
        now,
      });
      return { challenge, next, expiresIn: seconds };
    },

    /** The account a challenge belongs to (401 when it cannot be used). */
    accountOf: async (token: string, purpose: 'code' | 'enrol') =>
      (await challengeOrThrow(token, purpose)).user,

    /**
     * Checks the authenticator's code or a recovery code of `user`. Throws 400 with the field's
     * message when it is wrong or replayed; returns how many recovery codes are left when one was used.
     */
    async checkCode(
      user: UserRow,
      input: { code: string } | { recoveryCode: string },
    ): Promise<{ recoveryCodesLeft?: number }> {
      if ('recoveryCode' in input) {
        if (!(await repo.useRecoveryCode(user.id, recoveryHash(user.id, input.recoveryCode), clock.now())))
          throw fieldError('recoveryCode', M.recoveryCodeWrong);
        return { recoveryCodesLeft: await repo.unusedRecoveryCodes(user.id) };
      }
      const factor = await repo.findFactor(user.id);
      // The challenge said 'code', but an ADMIN may have reset the app since: log in again.
      if (!factor) throw challengeExpired();
      const match = matchCode(openSecret(factor.secretSealed), input.code, clock.now(), {
        afterStep: factor.lastUsedStep,
      });
      if (!match) throw fieldError('code', M.codeWrong);
      // Of two requests racing with one code, the conditional update lets exactly one through.
      if ('replayed' in match || !(await repo.useStep(user.id, match.step)))
        throw fieldError('code', M.codeReplayed);
      return {};
    },

    /** Spends the challenge once its code was right; false when another request spent it first. */
    spendChallenge: (token: string) => repo.deleteChallenge(sha256(token)),

    /** Enrolment, first call: a new secret for the challenge (a later call replaces it) and its URI. */
    async startEnrolment(token: string): Promise<{ secret: string; uri: string }> {
      const { user } = await challengeOrThrow(token, 'enrol');
      const secret = newTotpSecret();
      await repo.setPendingSecret(sha256(token), box.seal(Buffer.from(secret)));
      return { secret: toBase32(secret), uri: otpauthUri(secret, user.username) };
    },

    /**
     * Enrolment, second call: the app's first code proves it holds the secret. Stores the secret
     * (sealed) and ten recovery codes (their HMAC), spends the challenge, and writes an audit row,
     * in one transaction. Returns the recovery codes: the only time they exist in clear.
     */
    async confirmEnrolment(token: string, code: string): Promise<{ user: UserRow; recoveryCodes: string[] }> {
      const { challenge, user } = await challengeOrThrow(token, 'enrol');
      if (!challenge.pendingSecretSealed) throw challengeExpired();
      const now = clock.now();
      const match = matchCode(openSecret(challenge.pendingSecretSealed), code, now);
      if (!match || 'replayed' in match) throw fieldError('code', M.codeWrong);
      const recoveryCodes = Array.from({ length: SECOND_FACTOR.recoveryCodeCount }, newRecoveryCode);
      const done = await repo.transaction(async (tx) => {
        if (!(await tx.deleteChallenge(challenge.tokenHash))) return false;
        const inserted = await tx.insertFactor({
          userId: user.id,
          secretSealed: challenge.pendingSecretSealed!,
          // The confirming code counts as used: it cannot log in a second time.
          lastUsedStep: match.step,
          recoveryCodeHashes: recoveryCodes.map((c) => recoveryHash(user.id, c)),
          now,
        });
        if (!inserted) return false;
        await tx.audit({ id: user.id, role: user.role }, 'account.second-factor.enrol', now);
        return true;
      });
      // Spent by another tab, or an app enrolled meanwhile: start again from the password.
      if (!done) throw challengeExpired();
      return { user, recoveryCodes };
    },

    /** The hourly sweep. */
    sweep: () => repo.deleteExpiredChallenges(clock.now()),
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
