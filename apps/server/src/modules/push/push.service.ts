import {
  deviceLabel,
  ErrorCode,
  PUSH_TEXTS,
  type TPushSubscription,
  type TPushSubscriptionRequest,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { checkPushEndpoint, EndpointRefused, type EndpointPolicy } from './push-endpoint.ts';
import type { PushRepository, PushSubscriptionRow } from './push.repository.ts';

const fieldError = (field: string, message: string) =>
  new HttpError(ErrorCode.VALIDATION, message, { details: { errors: [{ field, message }] } });

export function toSubscriptionDto(r: PushSubscriptionRow): TPushSubscription {
  return {
    id: r.id,
    label: r.label,
    service: new URL(r.endpoint).host,
    created: r.createdAt.toISOString(),
    lastSuccess: r.lastSuccessAt?.toISOString() ?? null,
  };
}

/** A donor's devices for Web Push: the endpoint is checked before it is stored (push-endpoint.ts). */
export function createPushService(deps: { repo: PushRepository; clock: Clock; policy: EndpointPolicy }) {
  const { repo, clock } = deps;
  return {
    async subscribe(userId: number, req: TPushSubscriptionRequest, userAgent: string | undefined) {
      try {
        await checkPushEndpoint(req.endpoint, deps.policy);
      } catch (err) {
        if (err instanceof EndpointRefused) throw fieldError('endpoint', PUSH_TEXTS.badEndpoint);
        throw err;
      }
      const row = await repo.upsert({
        userId,
        endpoint: req.endpoint,
        p256dh: req.keys.p256dh,
        auth: req.keys.auth,
        label: req.label || deviceLabel(userAgent ?? ''),
        at: clock.now(),
      });
      return toSubscriptionDto(row);
    },

    async list(userId: number): Promise<TPushSubscription[]> {
      return (await repo.list(userId)).map(toSubscriptionDto);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound(PUSH_TEXTS.notFound);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
