import { ADMIN_WAITING_WORK_API, ZAdminWaitingWorkResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createWaitingWorkRepository } from './waiting-work.repository.ts';

/**
 * GET /api/admin/waiting-work (STAFF or ADMIN): ID reviews waiting, new inbox messages and open
 * tasks from the blood centre, for the console's navigation. Only counts: nothing personal is
 * shown, so no audit row. The count of result-counselling cases goes only to those who may see
 * them (null for others: that any exist is not theirs to know).
 */
export async function waitingWorkAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createWaitingWorkRepository(app.database.db);
  app.get(
    ADMIN_WAITING_WORK_API.waitingWork,
    {
      schema: {
        summary:
          'Việc đang chờ: số hồ sơ căn cước chờ duyệt, số tin nhắn mới trong hộp thư, số chênh lệch nhóm máu và (với người có quyền) số hồ sơ tư vấn kết quả',
        response: { 200: ZAdminWaitingWorkResponse },
      },
    },
    async (request) => {
      const [counts, mayCounsel] = await Promise.all([
        repo.counts(),
        app.staffPermissions.has(request.actor, 'RESULT_COUNSELLING'),
      ]);
      return ok({ ...counts, counsellingOpen: mayCounsel ? counts.counsellingOpen : null });
    },
  );
}
