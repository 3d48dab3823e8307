import {
  PUSH_API,
  PUSH_TEXTS,
  ZErrorBody,
  ZPushKeyResponse,
  ZPushSubscriptionIdParams,
  ZPushSubscriptionListResponse,
  ZPushSubscriptionRequest,
  ZPushSubscriptionResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { PushService } from './push.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/** The VAPID key for anyone; the donor's own devices behind login (another donor's id reads as missing). */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;

  app.get(
    PUSH_API.key,
    {
      schema: {
        tags,
        summary: 'Khóa công khai VAPID (RFC 8292) để trình duyệt đăng ký nhận thông báo đẩy',
        response: { 200: ZPushKeyResponse },
      },
    },
    async () => ok({ publicKey: app.config.push.vapidPublicKey }),
  );

  app.get(
    PUSH_API.subscriptions,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Các thiết bị nhận thông báo đẩy của chính mình',
        response: { 200: ZPushSubscriptionListResponse, 401: ZErrorBody },
      },
    },
    async (request) => ok(await app.push.list(request.user.id)),
  );

  app.post(
    PUSH_API.subscriptions,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Thêm thiết bị nhận thông báo đẩy (PushSubscription của trình duyệt); chỉ nhận địa chỉ https ngoài các dải mạng nội bộ',
        body: ZPushSubscriptionRequest,
        response: { 201: ZPushSubscriptionResponse, 400: ZErrorBody, 401: ZErrorBody },
      },
    },
    async (request, reply) => {
      const created = await app.push.subscribe(request.user.id, request.body, request.headers['user-agent']);
      return reply.status(201).send(ok(created, PUSH_TEXTS.added));
    },
  );

  app.delete(
    PUSH_API.subscription(':id'),
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Gỡ một thiết bị của chính mình (404 nếu không có hoặc của người khác)',
        params: ZPushSubscriptionIdParams,
        response: {
          200: z.object({ success: z.boolean(), message: z.string(), data: z.null() }),
          401: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request) => {
      await app.push.remove(request.user.id, request.params.id);
      return ok(null, PUSH_TEXTS.removed);
    },
  );
}
