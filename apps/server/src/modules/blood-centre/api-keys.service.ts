import {
  API_KEY_FORMAT,
  API_KEY_MESSAGES as M,
  API_KEY_SCOPES,
  dayNumber,
  vnDayOf,
  type TApiKey,
  type TApiKeyScope,
} from '@giot-hong/contract';
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { sha256 } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.repository.ts';
import type { WindowLimit } from '../throttle/throttle.service.ts';
import type { ApiKeysRepository, ListedApiKey } from './api-keys.repository.ts';

/** The machine a valid key identifies, as the integration scope hands it to routes. */
export type ApiKeyCaller = { id: number; prefix: string; scopes: TApiKeyScope[] };

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const publicIdOf = () =>
  Array.from({ length: 8 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
const prefixOf = (publicId: string) => `ghk_${publicId}`;
const knownScopes = (stored: readonly string[]) => API_KEY_SCOPES.filter((s) => stored.includes(s));

/** The per-key limit of the integration routes (RATE_LIMIT_SCALE applies, like every protection). */
export const integrationLimit = (perMinute: number): WindowLimit => ({
  bucket: 'api-key',
  max: perMinute,
  windowSeconds: 60,
  message: () => M.rateLimited,
});

/** A key stops at the end of its last Vietnam day. */
const isExpired = (expiresOn: string | null, now: Date) => expiresOn !== null && vnDayOf(now) > expiresOn;

/**
 * API keys of machines (the blood centre): created by an ADMIN and shown once, kept as a SHA-256,
 * revoked for good. `authenticate` is the integration scope's check of a presented key.
 */
export function createApiKeysService(deps: { repo: ApiKeysRepository; clock: Clock }) {
  const { repo, clock } = deps;

  const toDto = (r: ListedApiKey, now: Date): TApiKey => ({
    id: r.id,
    name: r.name,
    prefix: prefixOf(r.publicId),
    scopes: knownScopes(r.scopes),
    state: r.revokedAt ? 'REVOKED' : isExpired(r.expiresOn, now) ? 'EXPIRED' : 'ACTIVE',
    expiresOn: r.expiresOn,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  });

  async function oneOrThrow(id: number) {
    const row = await repo.one(id);
    if (!row) throw notFound(M.notFound);
    return toDto(row, clock.now());
  }

  return {
    async list(): Promise<TApiKey[]> {
      const now = clock.now();
      return (await repo.list()).map((r) => toDto(r, now));
    },

    one: oneOrThrow,

    /** A new key: its whole text is in this answer only; the database keeps its hash. */
    async create(
      actor: Actor,
      req: { name: string; scopes: TApiKeyScope[]; expiresOn?: string | null },
    ): Promise<TApiKey & { key: string }> {
      const now = clock.now();
      const expiresOn = req.expiresOn ?? null;
      if (expiresOn !== null && (dayNumber(expiresOn) === null || expiresOn <= vnDayOf(now)))
        throw badRequest(M.expiryPast);
      const publicId = publicIdOf();
      const key = `${prefixOf(publicId)}_${randomBytes(32).toString('base64url')}`;
      const id = await repo.transaction(async (tx) => {
        const id = await repo.insert(tx, {
          publicId,
          name: req.name,
          secretHash: sha256(key),
          scopes: req.scopes,
          expiresOn,
          createdBy: actor.id,
          createdAt: now,
        });
        await audit(tx, actor, 'api-key.create', { type: 'api-key', id }, now, {
          detail: { scopes: req.scopes.join(','), expiresOn },
        });
        return id;
      });
      return { ...(await oneOrThrow(id)), key };
    },

    async revoke(actor: Actor, id: number): Promise<TApiKey> {
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const done = await repo.revoke(tx, id, actor.id, now);
        if (done === 'missing') throw notFound(M.notFound);
        if (done === 'already') throw conflict(M.alreadyRevoked);
        await audit(tx, actor, 'api-key.revoke', { type: 'api-key', id }, now);
      });
      return oneOrThrow(id);
    },

    /**
     * The caller a presented key stands for, or null: not a key's shape (a login token is not),
     * unknown, a different secret, revoked or expired — all alike to the caller.
     */
    async authenticate(presented: string): Promise<ApiKeyCaller | null> {
      if (!API_KEY_FORMAT.test(presented)) return null;
      const row = await repo.byPublicId(presented.slice(4, 12));
      if (!row) return null;
      const expected = Buffer.from(row.secretHash, 'hex');
      const given = Buffer.from(sha256(presented), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (row.revokedAt || isExpired(row.expiresOn, clock.now())) return null;
      return { id: row.id, prefix: prefixOf(row.publicId), scopes: knownScopes(row.scopes) };
    },

    /**
     * One use of a key: its last-used time, and one audit row for the call (counts in `detail`,
     * never one row per event).
     */
    async recordUse(
      keyId: number,
      requestId: string,
      detail: Record<string, string | number | boolean | null>,
    ): Promise<void> {
      const now = clock.now();
      await repo.touch(keyId, now);
      await audit(
        repo.auditWriter,
        { id: null, role: 'API_KEY', requestId },
        'unit-events.receive',
        { type: 'api-key', id: keyId },
        now,
        { detail },
      );
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
