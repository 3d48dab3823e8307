import {
  ADMIN_CONTENT_API,
  CONTENT_MESSAGES,
  ZAdminIdParams,
  ZBroadcastAudience,
  ZBroadcastCountResponse,
  ZBroadcastListResponse,
  ZBroadcastRequest,
  ZBroadcastResponse,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

const actorOf = (r: FastifyRequest) => ({ id: r.user.id, role: r.user.role, requestId: r.id });

/** Staff broadcasts: audience size, idempotent sending in the background, progress. */
export async function broadcastRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.broadcasts;
  const base = { onRequest: app.requireRole('STAFF', 'ADMIN') };
  const s = <T extends object>(summary: string, more: T) => ({
    tags: ['admin'],
    security: [{ bearer: [] }],
    summary,
    ...more,
  });

  app.post(
    ADMIN_CONTENT_API.broadcastPreviewCount,
    {
      ...base,
      schema: s('Số người hiến máu sẽ nhận thông báo với nhóm người nhận này', {
        body: ZBroadcastAudience,
        response: { 200: ZBroadcastCountResponse },
      }),
    },
    async (request) => ok({ count: await service.previewCount(request.body) }),
  );
  app.post(
    ADMIN_CONTENT_API.broadcasts,
    {
      ...base,
      schema: s(
        'Gửi thông báo (chạy nền). Cùng idempotencyKey = cùng một lần gửi: bấm hai lần hay gửi lại không gửi hai lần',
        { body: ZBroadcastRequest, response: { 200: ZBroadcastResponse } },
      ),
    },
    async (request) => {
      const { broadcast } = await service.create(actorOf(request), request.body);
      return ok(broadcast, CONTENT_MESSAGES.broadcastQueued);
    },
  );
  app.get(
    ADMIN_CONTENT_API.broadcasts,
    {
      ...base,
      schema: s('Các thông báo đã gửi (mới nhất trước)', { response: { 200: ZBroadcastListResponse } }),
    },
    async () => ok(await service.list()),
  );
  app.get(
    '/api/admin/broadcasts/:id',
    {
      ...base,
      schema: s('Tiến độ gửi một thông báo', {
        params: ZAdminIdParams,
        response: { 200: ZBroadcastResponse },
      }),
    },
    async (request) => ok(await service.get(request.params.id)),
  );
}
