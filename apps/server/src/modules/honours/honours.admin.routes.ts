import { HONOURS_ADMIN_API, toCsv, ZEnvelope, ZHonourRow, ZHonoursQuery } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { attachment, toXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';

/**
 * 'Vinh danh' (in the admin scope): donors who reached a milestone in a period, with their count
 * and emergency donations; the same list as CSV (UTF-8 with BOM) or .xlsx for the ceremony. The
 * list and every export are audited, each listed donor getting a row in their access log.
 */
export async function honoursAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fileName = (q: { from: string; to: string }, ext: string) => `vinh-danh_${q.from}_${q.to}.${ext}`;

  app.get(
    HONOURS_ADMIN_API.list,
    {
      schema: {
        summary: 'Người hiến máu đạt mốc vinh danh trong khoảng ngày (tối đa 366 ngày)',
        querystring: ZHonoursQuery,
        response: { 200: ZEnvelope(z.array(ZHonourRow)) },
      },
    },
    async (request) => {
      const rows = await app.honours.listForPeriod(request.actor, request.query, 'list');
      return ok(
        rows.map(({ userId, fullName, username, milestone, reachedOn, count, emergencyCount }) => ({
          userId,
          fullName,
          username,
          milestone,
          reachedOn,
          count,
          emergencyCount,
        })),
      );
    },
  );
  app.get(
    HONOURS_ADMIN_API.csv,
    { schema: { summary: 'Danh sách vinh danh (CSV, UTF-8 có BOM)', querystring: ZHonoursQuery } },
    async (request, reply) => {
      const rows = await app.honours.listForPeriod(request.actor, request.query, 'csv');
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachment(fileName(request.query, 'csv')));
      // toCsv starts with the BOM, so Excel reads the Vietnamese names as UTF-8.
      return toCsv(app.honours.exportTable(rows));
    },
  );
  app.get(
    HONOURS_ADMIN_API.xlsx,
    { schema: { summary: 'Danh sách vinh danh (.xlsx)', querystring: ZHonoursQuery } },
    async (request, reply) => {
      const rows = await app.honours.listForPeriod(request.actor, request.query, 'xlsx');
      reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachment(fileName(request.query, 'xlsx')));
      return reply.send(await toXlsx([app.honours.exportTable(rows)]));
    },
  );
}
