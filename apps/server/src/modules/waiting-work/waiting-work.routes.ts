import { ADMIN_WAITING_WORK_API, ZAdminWaitingWorkResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createWaitingWorkRepository } from './waiting-work.repository.ts';

/**
 * GET /api/admin/waiting-work (STAFF or ADMIN): ID reviews waiting and new inbox messages, for the
 * console's navigation. Only counts: nothing personal is shown, so no audit row.
 */
export async function waitingWorkAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createWaitingWorkRepository(app.database.db);
  app.get(
    ADMIN_WAITING_WORK_API.waitingWork,
    {
      schema: {
        summary: 'Việc đang chờ: số hồ sơ căn cước chờ duyệt và số tin nhắn mới trong hộp thư',
        response: { 200: ZAdminWaitingWorkResponse },
      },
    },
    async () => ok(await repo.counts()),
  );
}
