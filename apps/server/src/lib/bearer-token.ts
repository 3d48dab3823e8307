import type { FastifyRequest } from 'fastify';

/**
 * The bearer credential of a request, if any. Lives in lib/ because both the auth guard and the
 * auth routes (logout, refresh) read it, and neither should import the other for it.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}
