import {
  INTEGRATION_API,
  STOCK_TEXTS,
  ZErrorBody,
  ZStockBoardResponse,
  ZStockUpdateRequest,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** The blood centre's machine sets the stock board (inside the integration scope, key scope stock:write). */
export async function stockIntegrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    INTEGRATION_API.stock,
    {
      config: { scope: 'stock:write' },
      schema: {
        summary:
          'Trung tâm máu đặt mức dự trữ (CRITICAL, LOW, OK, HIGH) kèm ghi chú ngắn cho một hoặc cả tám nhóm máu, như cán bộ; trả lời bảng công khai',
        body: ZStockUpdateRequest,
        response: {
          200: ZStockBoardResponse,
          400: ZErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (request) => {
      // The audit row of the call is written with the change, in its transaction.
      await app.stock.set(
        { kind: 'API', apiKeyId: request.apiKey.id, requestId: request.id },
        request.body.levels,
      );
      await app.apiKeys.markUsed(request.apiKey.id);
      return ok(await app.stock.publicBoard(), STOCK_TEXTS.saved);
    },
  );
}
