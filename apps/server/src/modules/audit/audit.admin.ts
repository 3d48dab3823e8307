import {
  ADMIN_IDENTITY_API,
  AUDIT_CSV_MAX_ROWS,
  ZAuditListResponse,
  ZAuditQuery,
  exportFileName,
  toCsv,
  vnDayOf,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { attachment, toXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { createAuditTrailRepository, type AuditQuery as Query } from './audit-trail.repository.ts';
import { createAuditTrailService } from './audit-trail.service.ts';
import { recordAudit } from './audit.repository.ts';

/** ADMIN only: the audit trail, paged or as CSV. No route changes or deletes a row. */
export async function auditAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const trail = createAuditTrailService(createAuditTrailRepository(db));
  const base = { onRequest: app.requireRole('ADMIN') };
  const schema = <T extends object>(summary: string, more: T) => ({
    tags: ['admin'],
    security: [{ bearer: [] }],
    summary,
    ...more,
  });

  app.get(
    ADMIN_IDENTITY_API.audit,
    {
      ...base,
      schema: schema(
        'Nhật ký thao tác (mới nhất trước), lọc theo người thực hiện, đối tượng, hành động, ngày',
        {
          querystring: ZAuditQuery,
          response: { 200: ZAuditListResponse },
        },
      ),
    },
    async (request) => {
      return ok(await trail.page(request.query));
    },
  );
  // The trail for a spreadsheet: CSV (UTF-8 with BOM) or .xlsx, at most AUDIT_CSV_MAX_ROWS rows.
  for (const format of ['csv', 'xlsx'] as const)
    app.get(
      format === 'csv' ? ADMIN_IDENTITY_API.auditCsv : ADMIN_IDENTITY_API.auditXlsx,
      {
        ...base,
        schema: schema(
          `Nhật ký thao tác dạng ${format === 'csv' ? 'CSV (UTF-8 có BOM)' : 'Excel (.xlsx)'}, tối đa ${AUDIT_CSV_MAX_ROWS} dòng`,
          { querystring: ZAuditQuery },
        ),
      },
      async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
        const list = await trail.exportEntries(request.query);
        await recordAudit(
          db,
          {
            actor: { id: request.user.id, role: request.user.role },
            action: 'audit.export',
            target: { type: 'audit', id: null },
            requestId: request.id,
            detail: { rows: list.length, format },
          },
          app.clock.now(),
        );
        const table = trail.exportTable(list);
        const today = vnDayOf(app.clock.now());
        reply
          .header('Content-Disposition', attachment(exportFileName('nhat-ky', today, format)))
          .header('Cache-Control', 'no-store');
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
        return reply.type(XLSX_TYPE).send(await toXlsx([table]));
      },
    );
}
