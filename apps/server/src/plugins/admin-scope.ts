import type { FastifyPluginAsync } from 'fastify';
import { actorOf, type Actor } from '../lib/actor.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Inside the admin scope: `'ADMIN'` keeps a route to ADMIN accounts. Without it every staff
     * account (STAFF or ADMIN) may call the route.
     */
    role?: 'ADMIN';
  }
  interface FastifyRequest {
    /** The staff account acting, set by the admin scope's role check (null outside the scope). */
    actor: Actor;
  }
}

/** Every route of the staff console starts with this; the scope refuses any other path. */
export const ADMIN_PREFIX = '/api/admin/';

/** What the OpenAPI document says of every admin route: one group, a bearer token needed. */
const ADMIN_TAGS = ['admin'];
const ADMIN_SECURITY = [{ bearer: [] }];

/**
 * The staff console's routes, all in one encapsulated scope (in the manner of fastify/demo's
 * autohooks): what every admin route needs is said here once, not in each module.
 *
 * - The role check runs first in `onRequest`, before the body is parsed or validated, so an
 *   anonymous caller gets 401 and a donor 403 before any 400 could tell them what the route
 *   expects. `config: { role: 'ADMIN' }` on a route narrows it to ADMIN accounts.
 * - `request.actor` (id, role, request id) is what services take and the audit trail records.
 * - Tags and security of the OpenAPI document are added to each route's schema.
 *
 * The routes keep their full paths from the contract's path builders (the same constants the
 * console calls), so the scope is registered without a prefix and checks the paths instead: a
 * public route registered here by mistake would be locked away from donors.
 */
export const adminScope: FastifyPluginAsync<{ routes: FastifyPluginAsync[] }> = async (app, { routes }) => {
  // app.requireRole comes from the auth plugin, registered before this scope.
  const staff = app.requireRole('STAFF', 'ADMIN');
  const adminOnly = app.requireRole('ADMIN');
  app.decorateRequest('actor', null as unknown as Actor);
  app.addHook('onRequest', async (request) => {
    await (request.routeOptions.config.role === 'ADMIN' ? adminOnly : staff)(request);
    request.actor = actorOf(request);
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_PREFIX))
      throw new Error(
        `${route.method} ${route.url} is not an /api/admin route: register it outside the scope`,
      );
    // Before the route's own keys, so the document keeps the order it had (tags, security, summary).
    route.schema = { tags: ADMIN_TAGS, security: ADMIN_SECURITY, ...route.schema };
  });
  for (const plugin of routes) await app.register(plugin);
};
