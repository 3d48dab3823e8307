import {
  ADMIN_TASKS_API,
  BLOOD_GROUP_TASK_TEXTS as BG,
  COUNSELLING_TEXTS as C,
  ZAdminIdParams,
  ZBloodGroupResolveRequest,
  ZBloodGroupTaskListResponse,
  ZBloodGroupTaskResponse,
  ZCounsellingCaseResponse,
  ZCounsellingCloseRequest,
  ZCounsellingListResponse,
  ZErrorBody,
  ZTaskListQuery,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createTasksRepository } from './tasks.repository.ts';
import { createTasksService } from './tasks.service.ts';

/**
 * Staff tasks from the blood centre: result counselling (ADMIN, or staff with RESULT_COUNSELLING;
 * the service refuses others with 403) and blood-group differences (any staff).
 */
export async function tasksAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createTasksService({
    repo: createTasksRepository(app.database.db),
    clock: app.clock,
    permissions: app.staffPermissions,
    notices: {
      labGroupCorrected: (userId, taskId, earlier, lab) =>
        app.notifications.notifyLabGroupCorrected(userId, taskId, earlier, lab),
    },
  });
  const forbidden = { 403: ZErrorBody };

  app.get(
    ADMIN_TASKS_API.counselling,
    {
      schema: {
        summary:
          'Hồ sơ tư vấn kết quả (người có quyền tư vấn kết quả): ai cần gọi, hạn liên hệ; mỗi lần xem được ghi nhật ký',
        querystring: ZTaskListQuery,
        response: { 200: ZCounsellingListResponse, ...forbidden },
      },
    },
    async (request) => ok(await service.counsellingCases(request.actor, request.query.status)),
  );
  app.get(
    ADMIN_TASKS_API.counsellingCase(':id'),
    {
      schema: {
        summary: 'Một hồ sơ tư vấn kết quả (mỗi lần xem được ghi nhật ký)',
        params: ZAdminIdParams,
        response: { 200: ZCounsellingCaseResponse, ...forbidden, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.counsellingCase(request.actor, request.params.id)),
  );
  app.post(
    ADMIN_TASKS_API.counsellingClose(':id'),
    {
      schema: {
        summary: "'Đã liên hệ, tư vấn': đóng hồ sơ kèm ghi chú; người hiến máu có thể đăng ký hiến lại",
        params: ZAdminIdParams,
        body: ZCounsellingCloseRequest,
        response: { 200: ZCounsellingCaseResponse, ...forbidden, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(await service.closeCounsellingCase(request.actor, request.params.id, request.body.note), C.closed),
  );
  app.get(
    ADMIN_TASKS_API.bloodGroups,
    {
      schema: {
        summary: 'Chênh lệch nhóm máu: nhóm máu xét nghiệm mới khác nhóm máu xét nghiệm trước',
        querystring: ZTaskListQuery,
        response: { 200: ZBloodGroupTaskListResponse },
      },
    },
    async (request) => ok(await service.bloodGroupTasks(request.actor, request.query.status)),
  );
  app.post(
    ADMIN_TASKS_API.bloodGroupResolve(':id'),
    {
      schema: {
        summary: 'Xử lý chênh lệch nhóm máu: giữ nhóm máu cũ (KEPT) hoặc áp dụng nhóm máu mới (APPLIED)',
        params: ZAdminIdParams,
        body: ZBloodGroupResolveRequest,
        response: { 200: ZBloodGroupTaskResponse, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await service.resolveBloodGroupTask(request.actor, request.params.id, request.body.resolution),
        BG.resolved,
      ),
  );
}
