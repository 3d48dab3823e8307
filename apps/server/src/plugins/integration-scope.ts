import { API_KEY_MESSAGES, ErrorCode, type TApiKeyScope } from '@giot-hong/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bearerToken } from '../lib/bearer-token.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Inside the integration scope: the scope a key needs for the route (403 without it). */
    scope?: TApiKeyScope;
  }
  interface FastifyRequest {
    /** The API key calling, set by the integration scope (null elsewhere). */
    apiKey: IntegrationCaller;
  }
}

/** What the scope knows of a valid key. */
export type IntegrationCaller = { id: number; prefix: string; scopes: readonly TApiKeyScope[] };

/** Every route of machines (the blood centre) starts with this; the scope refuses any other path. */
export const INTEGRATION_PREFIX = '/api/integrations/';

const TAGS = ['integrations'];
const SECURITY = [{ bearer: [] }];

export type IntegrationScopeOptions = {
  routes: FastifyPluginAsync[];
  /** The caller of a presented key, or null (unknown, revoked, expired, or not a key at all). */
  authenticate(presented: string): Promise<IntegrationCaller | null>;
  /** Counts one call of the key against its limit; throws the 429 when over it. */
  consume(caller: IntegrationCaller): Promise<void>;
};

/**
 * Machine routes (`/api/integrations/**`), in one encapsulated scope like the admin one: an API key
 * in `Authorization: Bearer …` and nothing else. A login's access token is not a key's shape and
 * gets the same 401 as a wrong key; the login guards, in turn, never accept a key (it is not a
 * token they signed), so a key opens no donor or staff route. The check runs in `onRequest`, before
 * the body is read: 401 (no valid key), 403 (the key lacks the route's `config.scope`), 429 (the
 * key's own rate limit, whatever address it calls from), each in the usual envelope.
 */
export const integrationScope: FastifyPluginAsync<IntegrationScopeOptions> = async (
  app,
  { routes, authenticate, consume },
) => {
  app.decorateRequest('apiKey', null as unknown as IntegrationCaller);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const presented = bearerToken(request);
    const caller = presented ? await authenticate(presented) : null;
    if (!caller) throw new HttpError(ErrorCode.UNAUTHORIZED, API_KEY_MESSAGES.unauthorized);
    const needed = request.routeOptions.config.scope;
    if (needed && !caller.scopes.includes(needed))
      throw new HttpError(ErrorCode.FORBIDDEN, API_KEY_MESSAGES.forbidden);
    await consume(caller);
    request.apiKey = caller;
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(INTEGRATION_PREFIX))
      throw new Error(
        `${route.method} ${route.url} is not an /api/integrations route: register it outside the scope`,
      );
    route.schema = { tags: TAGS, security: SECURITY, ...route.schema };
  });
  for (const plugin of routes) await app.register(plugin);
};
