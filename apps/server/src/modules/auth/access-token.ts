import { AUTH_LIMITS, ZUserRole, type TUserRole } from '@giot-hong/contract';
import { createHmac } from 'node:crypto';

/**
 * Access tokens: HS256 JWTs that live 15 minutes. Everything that tells them apart from any
 * other token is pinned on verification: the algorithm (no `none`, no RS/HS confusion), the
 * header `typ`, the `typ` claim, issuer, audience and expiry. Refresh tokens are opaque random
 * strings, so neither kind can ever pass for the other.
 */
const ALG = 'HS256';
const HEADER_TYP = 'at+jwt';
const ISSUER = 'giot-hong';
export const ACCESS_AUDIENCE = 'giot-hong-api';

export type AccessClaims = { userId: number; sessionId: string; role: TUserRole };

const b64url = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');
const HEADER = b64url({ alg: ALG, typ: HEADER_TYP });

/** jose, loaded with the first token verified rather than with the server (its start, ADR 48). */
let jose: Promise<typeof import('jose')> | undefined;

export function createAccessTokens(secret: string, now: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    /**
     * HS256 is deterministic: the same claims issued at the same second give the same token.
     * Signed with node:crypto's HMAC on the spot (a few microseconds): jose signs through
     * WebCrypto, a job on the libuv pool that queues behind password hashes during a login burst.
     * The bytes are jose's own (same header, same claim order: auth.tokens.test.ts compares).
     */
    async sign(claims: AccessClaims, issuedAt: Date = now()): Promise<string> {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      const input = `${HEADER}.${b64url({
        typ: 'access',
        sid: claims.sessionId,
        role: claims.role,
        sub: String(claims.userId),
        iss: ISSUER,
        aud: ACCESS_AUDIENCE,
        iat,
        exp: iat + AUTH_LIMITS.accessTokenSeconds,
      })}`;
      return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    },
    /** The claims of a valid access token, or null for anything else (never throws). */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        // A failed load is not kept: the token is refused (below) and the next one loads it again.
        const { jwtVerify } = await (jose ??= import('jose').catch((err: unknown) => {
          jose = undefined;
          throw err;
        }));
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          typ: HEADER_TYP,
          issuer: ISSUER,
          audience: ACCESS_AUDIENCE,
          currentDate: now(),
          requiredClaims: ['exp', 'iat', 'sub'],
          clockTolerance: 0,
        });
        if (payload.typ !== 'access' || typeof payload.sid !== 'string') return null;
        const userId = Number(payload.sub);
        const role = ZUserRole.safeParse(payload.role);
        if (!Number.isSafeInteger(userId) || userId <= 0 || !role.success) return null;
        return { userId, sessionId: payload.sid, role: role.data };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
