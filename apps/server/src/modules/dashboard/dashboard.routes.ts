import { DASHBOARD_API, ZDashboardQuery, ZDashboardResponse, dashboardTables } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { attachment, toXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The console's dashboard figures (STAFF or ADMIN). */
export async function dashboardAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createDashboardService({ repo: createDashboardRepository(app.database.db) });
  app.get(
    DASHBOARD_API.dashboard,
    {
      schema: {
        summary:
          'Số liệu tổng quan theo khoảng ngày (giờ Việt Nam): đăng ký theo ngày, nhóm máu, đơn vị máu so với mục tiêu, tỷ lệ vắng mặt và tạm hoãn, người hiến mới được xác thực theo tuần',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardResponse },
      },
    },
    async (request) => ok(await service.figures(request.query)),
  );
  app.get(
    DASHBOARD_API.dashboardXlsx,
    {
      schema: {
        summary: 'Số liệu tổng quan của khoảng ngày dạng Excel (.xlsx), mỗi biểu đồ một trang tính',
        querystring: ZDashboardQuery,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const tables = dashboardTables(await service.figures(request.query));
      return reply
        .header('Content-Disposition', attachment(`tong-quan-${from}-den-${to}.xlsx`))
        .header('Cache-Control', 'no-store')
        .type(XLSX_TYPE)
        .send(await toXlsx(Object.values(tables)));
    },
  );
}
