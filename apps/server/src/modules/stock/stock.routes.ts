import { STOCK_API, ZStockBoardResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** The public blood stock board (the landing page shows it, rendered on the server). */
export async function stockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    STOCK_API.board,
    {
      config: { etag: true },
      schema: {
        tags: ['stock'],
        summary:
          'Mức dự trữ của tám nhóm máu (không cần đăng nhập): mức, thời điểm và đơn vị cập nhật (Hội hoặc Trung tâm máu, không bao giờ tên người); mức đã 7 ngày không cập nhật có stale = true',
        response: { 200: ZStockBoardResponse },
      },
    },
    async () => ok(await app.stock.publicBoard()),
  );
}
