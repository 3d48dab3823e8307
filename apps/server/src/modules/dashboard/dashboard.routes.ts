import { DASHBOARD_API, ZDashboardQuery, ZDashboardResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { createDashboardService } from './dashboard.service.ts';

/** The console's dashboard figures (STAFF or ADMIN). */
export async function dashboardAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createDashboardService({ repo: createDashboardRepository(app.database.db) });
  app.get(
    DASHBOARD_API.dashboard,
    {
      // onRequest: the role is checked before the query is validated (401/403 before 400).
      onRequest: app.requireRole('STAFF', 'ADMIN'),
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Số liệu tổng quan theo khoảng ngày (giờ Việt Nam): đăng ký theo ngày, nhóm máu, đơn vị máu so với mục tiêu, tỷ lệ vắng mặt và tạm hoãn, người hiến mới được xác thực theo tuần',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardResponse },
      },
    },
    async (request) => ok(await service.figures(request.query)),
  );
}
