import {
  INTEGRATION_API,
  UNIT_IMPORT_MESSAGES,
  ZErrorBody,
  ZUnitEventBatchRequest,
  ZUnitEventBatchResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** The blood centre's machine: unit events in batches (inside the integration scope, key scope units:write). */
export async function unitEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    INTEGRATION_API.unitEvents,
    {
      config: { scope: 'units:write' },
      schema: {
        summary:
          'Trung tâm máu gửi sự kiện đơn vị máu (TESTED, PROCESSED, ISSUED, DISCARDED), tối đa 500 mỗi lần: trả lời từng sự kiện ACCEPTED, DUPLICATE hoặc REFUSED kèm lý do; gửi lại cùng mã sự kiện không thay đổi gì',
        body: ZUnitEventBatchRequest,
        response: {
          200: ZUnitEventBatchResponse,
          400: ZErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (request) => {
      const result = await app.unitEvents.receive(
        request.body.events.map((value, index) => ({ index, value })),
        { kind: 'API', apiKeyId: request.apiKey.id },
      );
      await app.apiKeys.recordUse(request.apiKey.id, request.id, {
        accepted: result.accepted,
        duplicates: result.duplicates,
        refused: result.refused,
      });
      return ok(result, UNIT_IMPORT_MESSAGES.report(result.accepted, result.duplicates, result.refused));
    },
  );
}
