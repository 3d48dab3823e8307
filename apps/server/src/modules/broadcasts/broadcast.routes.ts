import {
  ADMIN_BROADCAST_API,
  BROADCAST_MESSAGES,
  ZAdminIdParams,
  ZBroadcastAudience,
  ZBroadcastCountResponse,
  ZBroadcastListResponse,
  ZBroadcastRequest,
  ZBroadcastResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** Staff broadcasts: audience size, idempotent sending in the background, progress. */
export async function broadcastRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.broadcasts;

  app.post(
    ADMIN_BROADCAST_API.broadcastPreviewCount,
    {
      schema: {
        summary: 'Số người hiến máu sẽ nhận thông báo với nhóm người nhận này',
        body: ZBroadcastAudience,
        response: { 200: ZBroadcastCountResponse },
      },
    },
    async (request) => ok({ count: await service.previewCount(request.body) }),
  );
  app.post(
    ADMIN_BROADCAST_API.broadcasts,
    {
      schema: {
        summary:
          'Gửi thông báo (chạy nền). Cùng idempotencyKey = cùng một lần gửi: bấm hai lần hay gửi lại không gửi hai lần',
        body: ZBroadcastRequest,
        response: { 200: ZBroadcastResponse },
      },
    },
    async (request) => {
      const { broadcast } = await service.create(request.actor, request.body);
      return ok(broadcast, BROADCAST_MESSAGES.broadcastQueued);
    },
  );
  app.get(
    ADMIN_BROADCAST_API.broadcasts,
    {
      schema: { summary: 'Các thông báo đã gửi (mới nhất trước)', response: { 200: ZBroadcastListResponse } },
    },
    async () => ok(await service.list()),
  );
  app.get(
    ADMIN_BROADCAST_API.broadcast(':id'),
    {
      schema: {
        summary: 'Tiến độ gửi một thông báo',
        params: ZAdminIdParams,
        response: { 200: ZBroadcastResponse },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );
}
