import {
  ADMIN_AUDIT_API,
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
import { audit } from './audit.repository.ts';

/** ADMIN only: the audit trail, paged or as CSV. No route changes or deletes a row. */
export async function auditAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const trail = createAuditTrailService(createAuditTrailRepository(db));

  app.get(
    ADMIN_AUDIT_API.audit,
    {
      // ADMIN only: the admin scope checks the role before anything else.
      config: { role: 'ADMIN' },
      schema: {
        summary: 'Nhật ký thao tác (mới nhất trước), lọc theo người thực hiện, đối tượng, hành động, ngày',
        querystring: ZAuditQuery,
        response: { 200: ZAuditListResponse },
      },
    },
    async (request) => {
      return ok(await trail.page(request.query));
    },
  );
  // The trail for a spreadsheet: CSV (UTF-8 with BOM) or .xlsx, at most AUDIT_CSV_MAX_ROWS rows.
  for (const format of ['csv', 'xlsx'] as const)
    app.get(
      format === 'csv' ? ADMIN_AUDIT_API.auditCsv : ADMIN_AUDIT_API.auditXlsx,
      {
        // ADMIN only: the admin scope checks the role before anything else.
        config: { role: 'ADMIN' },
        schema: {
          summary: `Nhật ký thao tác dạng ${format === 'csv' ? 'CSV (UTF-8 có BOM)' : 'Excel (.xlsx)'}, tối đa ${AUDIT_CSV_MAX_ROWS} dòng`,
          querystring: ZAuditQuery,
        },
      },
      async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
        const list = await trail.exportEntries(request.query);
        await audit(db, request.actor, 'audit.export', { type: 'audit', id: null }, app.clock.now(), {
          detail: { rows: list.length, format },
        });
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
