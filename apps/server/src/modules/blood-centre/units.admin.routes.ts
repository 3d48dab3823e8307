import {
  ADMIN_UNITS_API,
  UNIT_IMPORT_MESSAGES as M,
  ZErrorBody,
  ZUnitEventBatchResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { readSingleFile } from '../../lib/multipart.ts';
import { csvFieldName, readUnitEventCsv } from './unit-import.ts';

/** STAFF and ADMIN: the blood centre's unit events as a CSV file, through the API's own path. */
export async function unitsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    ADMIN_UNITS_API.import,
    {
      schema: {
        summary:
          'Nhập sự kiện đơn vị máu từ tệp CSV (multipart, trường file; dòng tiêu đề; tối đa 500 dòng): báo cáo từng dòng được nhận, trùng lặp hay bị từ chối (dòng tiêu đề là dòng 1)',
        consumes: ['multipart/form-data'],
        response: { 200: ZUnitEventBatchResponse, 400: ZErrorBody },
      },
    },
    async (request) => {
      const file = await readSingleFile(request, 'file', M.fileRequired, M.oneFile);
      const result = await app.unitEvents.importFile(request.actor, readUnitEventCsv(file), csvFieldName);
      return ok(result, M.report(result.accepted, result.duplicates, result.refused));
    },
  );
}
