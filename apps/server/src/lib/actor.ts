import type { FastifyRequest } from 'fastify';

/**
 * Who acts in the staff console, and the request to name in the audit trail. The admin scope
 * builds it once per request (`request.actor`); services take it instead of the request, so they
 * stay free of HTTP and tests can call them with any actor.
 */
export type Actor = { id: number; role: string; requestId: string };

/**
 * The actor of an authenticated request. The admin scope sets `request.actor` with it; a donor's
 * own account actions (a deletion request) name the donor the same way in the audit trail.
 */
export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user.id,
  role: request.user.role,
  requestId: request.id,
});
