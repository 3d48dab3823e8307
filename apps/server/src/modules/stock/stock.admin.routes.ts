import {
  ADMIN_STOCK_API,
  STOCK_TEXTS,
  ZAdminStockBoardResponse,
  ZErrorBody,
  ZStockUpdateRequest,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** STAFF and ADMIN: the blood stock board, read and set (each setting audited). */
export async function stockAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    ADMIN_STOCK_API.stock,
    {
      schema: {
        summary: 'Tồn kho máu như cán bộ thấy: mức từng nhóm, lúc cập nhật, đơn vị và tài khoản đã cập nhật',
        response: { 200: ZAdminStockBoardResponse },
      },
    },
    async () => ok(await app.stock.adminBoard()),
  );
  app.put(
    ADMIN_STOCK_API.stock,
    {
      schema: {
        summary:
          'Đặt mức dự trữ (CRITICAL, LOW, OK, HIGH) kèm ghi chú ngắn cho một hoặc cả tám nhóm máu; nhóm không gửi giữ nguyên',
        body: ZStockUpdateRequest,
        response: { 200: ZAdminStockBoardResponse, 400: ZErrorBody },
      },
    },
    async (request) => {
      await app.stock.set({ kind: 'STAFF', actor: request.actor }, request.body.levels);
      return ok(await app.stock.adminBoard(), STOCK_TEXTS.saved);
    },
  );
}
