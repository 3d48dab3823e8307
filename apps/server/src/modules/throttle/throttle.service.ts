import { ErrorCode, formatWait } from '@giot-hong/contract';
import { createHash } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SQL } from 'drizzle-orm';
import type { ThrottleRepository, ThrottleRow } from './throttle.repository.ts';

/** A value read in the same statement as a login's checks: a scalar subquery, and how to read its answer. */
export type Alongside<T> = { query: SQL; read: (value: unknown) => T };

/** At most `max` requests per `windowSeconds` (a fixed window that starts with the first request). */
export type WindowLimit = {
  bucket: string;
  max: number;
  windowSeconds: number;
  message: (wait: string) => string;
  /** A rule of the product (not a protection), so RATE_LIMIT_SCALE does not apply. */
  fixed?: boolean;
};

/**
 * Login failures: the first `freeFailures` in an hour cost nothing, then each further one makes
 * the next attempt wait 1, 2, 4 … up to `maxDelaySeconds`; at `maxPerHour` the key waits for the
 * hour to end. The block always ends — there is no permanent lockout.
 */
export type FailurePolicy = {
  bucket: string;
  freeFailures: number;
  maxDelaySeconds: number;
  maxPerHour: number;
  message: (wait: string) => string;
};

const HOUR_MS = 3_600_000;

/**
 * The counter's key for `identity` (an address, an e-mail, a username) in `bucket`. Identities are
 * stored hashed: the table never holds an address or an e-mail in clear.
 */
export const throttleKey = (bucket: string, identity: string) =>
  `${bucket}:${createHash('sha256').update(identity.trim().toLowerCase()).digest('hex')}`;

export function tooMany(message: (wait: string) => string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(ErrorCode.RATE_LIMITED, message(formatWait(seconds)), { retryAfterSeconds: seconds });
}

/** Delay (ms) imposed after the `failures`-th failure of the hour. */
export function failureDelayMs(policy: FailurePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelaySeconds, 2 ** (failures - policy.freeFailures)) * 1000;
}

export function createThrottleService(deps: { repo: ThrottleRepository; clock: Clock; scale: number }) {
  const scaled = (n: number) => Math.floor(n * deps.scale);

  /** One more failure on `row` at `now`: the counter it leaves, or how long `row` still blocks. */
  function failureChange(policy: FailurePolicy, now: Date, refuseWhileBlocked: boolean) {
    const t = now.getTime();
    const maxPerHour = scaled(policy.maxPerHour);
    const scaledPolicy = { ...policy, freeFailures: scaled(policy.freeFailures) };
    return (row: ThrottleRow) => {
      const blockedMs = row.blockedUntil ? row.blockedUntil.getTime() - t : 0;
      if (refuseWhileBlocked && blockedMs > 0) return { next: row, result: blockedMs };
      const fresh = row.count === 0 || row.windowStart.getTime() + HOUR_MS <= t;
      const windowStart = fresh ? now : row.windowStart;
      const count = fresh ? 1 : row.count + 1;
      const until =
        count >= maxPerHour ? windowStart.getTime() + HOUR_MS : t + failureDelayMs(scaledPolicy, count);
      return {
        next: { ...row, count, windowStart, blockedUntil: until > t ? new Date(until) : null },
        result: 0,
      };
    };
  }

  async function countFailure(
    policy: FailurePolicy,
    key: string,
    refuseWhileBlocked: boolean,
  ): Promise<void> {
    const now = deps.clock.now();
    const refusedFor = await deps.repo.mutate(key, now, failureChange(policy, now, refuseWhileBlocked));
    if (refusedFor > 0) throw tooMany(policy.message, refusedFor);
  }

  return {
    /** Counts one request against `limit` for `key`; throws 429 (with Retry-After) when over it. */
    async consume(limit: WindowLimit, key: string): Promise<void> {
      const now = deps.clock.now();
      const windowMs = limit.windowSeconds * 1000;
      const max = limit.fixed ? limit.max : scaled(limit.max);
      const refusedFor = await deps.repo.mutate(key, now, (row) => {
        const fresh = row.count === 0 || row.windowStart.getTime() + windowMs <= now.getTime();
        if (fresh) return { next: { ...row, count: 1, windowStart: now, blockedUntil: null }, result: 0 };
        const waitMs = row.windowStart.getTime() + windowMs - now.getTime();
        // A refused request is not counted: waiting out the window is enough.
        if (row.count >= max) return { next: row, result: waitMs };
        return { next: { ...row, count: row.count + 1 }, result: 0 };
      });
      if (refusedFor > 0) throw tooMany(limit.message, refusedFor);
    },

    /**
     * Takes back one request counted by `consume` for `key` in its current window: for a request
     * the server itself could not serve (the ID-card queue filled while its body was read), so that
     * sending it again costs the user nothing.
     */
    async giveBack(limit: WindowLimit, key: string): Promise<void> {
      const now = deps.clock.now();
      const windowMs = limit.windowSeconds * 1000;
      await deps.repo.mutate(key, now, (row) => {
        const current = row.count > 0 && row.windowStart.getTime() + windowMs > now.getTime();
        return { next: current ? { ...row, count: row.count - 1 } : row, result: 0 };
      });
    },

    /**
     * Records a login attempt for `key` *before* the password is checked, so a burst of parallel
     * guesses is counted one by one; `forget` takes it back after a success. Throws 429 while
     * the key must wait (a refused attempt is not counted).
     */
    attempt(policy: FailurePolicy, key: string): Promise<void> {
      return countFailure(policy, key, true);
    },

    /**
     * A login's checks before its password: throws 429 while `blockKey` (the address) must wait,
     * counting nothing; else records an attempt for `key` (the account) as `attempt` does. The
     * first attempt of a key, the usual case, is both checks in one statement, and `alongside`
     * (the account itself) is read by that same statement: its value is answered once both
     * checks have passed.
     */
    async attemptUnlessBlocked<T = undefined>(
      blockPolicy: FailurePolicy,
      blockKey: string,
      policy: FailurePolicy,
      key: string,
      alongside?: Alongside<T>,
    ): Promise<T | undefined> {
      const now = deps.clock.now();
      const first = failureChange(policy, now, true)({ key, count: 0, windowStart: now, blockedUntil: null });
      const checked = await deps.repo.insertUnlessBlocked(blockKey, first.next, now, alongside?.query);
      if (checked.blockedUntilMs !== null)
        throw tooMany(blockPolicy.message, checked.blockedUntilMs - now.getTime());
      if (!checked.inserted) await countFailure(policy, key, true);
      return alongside?.read(checked.alongside);
    },

    /** Throws 429 while `key` must wait, without counting anything. */
    async assertNotBlocked(policy: FailurePolicy, key: string): Promise<void> {
      const row = await deps.repo.get(key);
      const waitMs = row?.blockedUntil ? row.blockedUntil.getTime() - deps.clock.now().getTime() : 0;
      if (waitMs > 0) throw tooMany(policy.message, waitMs);
    },

    /** Counts a failure that already happened (an IP's wrong password). */
    recordFailure(policy: FailurePolicy, key: string): Promise<void> {
      return countFailure(policy, key, false);
    },

    /** Forgets every failure of `key` (a right password, a completed reset). */
    forget: (key: string) => deps.repo.remove(key),

    /** Drops counters that can no longer refuse anything (called periodically). */
    async sweep(): Promise<void> {
      const now = deps.clock.now();
      await deps.repo.deleteStale(new Date(now.getTime() - 24 * HOUR_MS), now);
    },
  };
}
export type ThrottleService = ReturnType<typeof createThrottleService>;
