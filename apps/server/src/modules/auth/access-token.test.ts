import { AUTH_LIMITS } from '@giot-hong/contract';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_AUDIENCE, createAccessTokens } from './access-token.ts';

describe('access tokens signed with node:crypto', () => {
  const secret = 'k'.repeat(48);
  const at = new Date('2026-11-22T02:00:00.000Z');
  const tokens = createAccessTokens(secret, () => at);
  const claims = { userId: 42, sessionId: '0b6f2c1e-8f7a-4a55-9a43-2a3f4f7e9d10', role: 'DONOR' as const };

  it('are byte for byte the tokens jose signs for the same claims, and jose verifies them', async () => {
    const iat = Math.floor(at.getTime() / 1000);
    const key = new TextEncoder().encode(secret);
    const byJose = await new SignJWT({ typ: 'access', sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject('42')
      .setIssuer('giot-hong')
      .setAudience(ACCESS_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + AUTH_LIMITS.accessTokenSeconds)
      .sign(key);
    const token = await tokens.sign(claims);
    expect(token).toBe(byJose);
    const { payload } = await jwtVerify(token, key, { currentDate: at, audience: ACCESS_AUDIENCE });
    expect(payload.sub).toBe('42');
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('a token signed with another secret, or altered, does not verify', async () => {
    const other = await createAccessTokens('o'.repeat(48), () => at).sign(claims);
    expect(await tokens.verify(other)).toBeNull();
    const token = await tokens.sign(claims);
    const [h, p, s] = token.split('.') as [string, string, string];
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 'ADMIN' }),
    ).toString('base64url');
    expect(await tokens.verify(`${h}.${altered}.${s}`)).toBeNull();
  });
});
