import type { TUserRole } from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError, unauthorized } from '../../lib/http-error.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { ErrorCode } from '@giot-hong/contract';
import type { AuthService, AuthUser } from './auth.service.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';

export type { AuthUser };

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
    /** Database-backed rate limits shared by every process (see modules/throttle). */
    throttle: ThrottleService;
    /** preHandler: a valid access token whose login is still open, else 401. Sets `request.user`. */
    authenticate: Guard;
    /** preHandler: like `authenticate`, but a request without a token goes on with `request.user` null. */
    authenticateOptional: Guard;
    /** preHandler factory: authenticated and of one of `roles`, else 401 / 403. */
    requireRole(...roles: TUserRole[]): Guard;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate` (never null behind it); null on other routes. */
    user: AuthUser;
  }
}

/** The guards above: wherever a route lists them, they run first (see hoistGuards). */
const GUARDS = new WeakSet<Guard>();
function guard(fn: Guard): Guard {
  GUARDS.add(fn);
  return fn;
}

type Hook = RouteOptions['onRequest'];
const asList = (hook: Hook): unknown[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

/**
 * The token is checked before anything else of the request: a route may list a guard under
 * `preHandler` or `onRequest`, and every guard is moved to the start of `onRequest`, so a request
 * without a valid token is a 401 before its body is parsed or its parameters validated (a 400
 * would tell a stranger what the route expects). One place, so routes added later behave alike.
 */
function hoistGuards(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const pre = asList(route.preHandler);
    const onRequest = asList(route.onRequest);
    const guards = [...onRequest, ...pre].filter((h) => GUARDS.has(h as Guard));
    if (guards.length === 0) return;
    const isGuard = (h: unknown) => GUARDS.has(h as Guard);
    route.onRequest = [...guards, ...onRequest.filter((h) => !isGuard(h))] as Hook;
    route.preHandler = pre.filter((h) => !isGuard(h)) as RouteOptions['preHandler'];
  });
}

/**
 * Accounts: `app.authenticate` and friends, over the auth service app.ts builds. Registered
 * before the route modules so every one of them can protect its routes with
 * `{ preHandler: app.authenticate }`.
 */
export function registerAuth(
  app: FastifyInstance,
  { service, throttle }: { service: AuthService; throttle: ThrottleService },
) {
  app.decorate('authService', service);
  app.decorate('throttle', throttle);
  app.decorateRequest('user', null as unknown as AuthUser);

  const authenticate: Guard = guard(async (request) => {
    const token = bearerToken(request);
    const user = token ? await service.authenticate(token) : null;
    if (!user) throw unauthorized();
    request.user = user;
  });
  app.decorate('authenticate', authenticate);
  app.decorate(
    'authenticateOptional',
    guard(async (request: FastifyRequest) => {
      if (bearerToken(request)) await authenticate(request);
    }),
  );
  app.decorate('requireRole', (...roles: TUserRole[]): Guard =>
    guard(async (request) => {
      await authenticate(request);
      if (!roles.includes(request.user.role)) throw new HttpError(ErrorCode.FORBIDDEN);
    }),
  );
  hoistGuards(app);

  // Mails still on their way are delivered before the mailer closes (its hook was added first,
  // and onClose hooks run in reverse order).
  app.addHook('onClose', async () => service.drain());
}
