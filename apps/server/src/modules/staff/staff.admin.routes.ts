import {
  ADMIN_STAFF_API,
  STAFF_MESSAGES,
  ZAdminIdParams,
  ZAdminStaffInviteRequest,
  ZAdminStaffListResponse,
  ZAdminStaffMemberResponse,
  ZAdminStaffRoleRequest,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createStaffRepository } from './staff.repository.ts';
import { createStaffService } from './staff.service.ts';

const actorOf = (r: FastifyRequest) => ({ id: r.user.id, role: r.user.role, requestId: r.id });

/** ADMIN only: staff accounts (invite, role, deactivate). */
export async function staffAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffService({
    repo: createStaffRepository(app.database.db),
    clock: app.clock,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  });
  // onRequest: the role is checked before the body is parsed or validated.
  const base = { onRequest: app.requireRole('ADMIN') };
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    ADMIN_STAFF_API.list,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Tài khoản cán bộ và quản trị, lần đăng nhập cuối',
        response: { 200: ZAdminStaffListResponse },
      },
    },
    async () => ok(await service.list()),
  );
  app.post(
    ADMIN_STAFF_API.invite,
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Mời cán bộ qua e-mail (liên kết đặt mật khẩu 24 giờ)',
        body: ZAdminStaffInviteRequest,
        response: { 200: ZAdminStaffMemberResponse },
      },
    },
    async (request) => ok(await service.invite(actorOf(request), request.body), STAFF_MESSAGES.invited),
  );
  app.put(
    '/api/admin/staff/:id/role',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Đổi vai trò (có hiệu lực ngay)',
        params: ZAdminIdParams,
        body: ZAdminStaffRoleRequest,
        response: { 200: ZAdminStaffMemberResponse },
      },
    },
    async (request) =>
      ok(
        await service.setRole(actorOf(request), request.params.id, request.body.role),
        STAFF_MESSAGES.roleChanged,
      ),
  );
  app.post(
    '/api/admin/staff/:id/deactivate',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Khóa tài khoản; mọi phiên đăng nhập kết thúc ngay',
        params: ZAdminIdParams,
        response: { 200: ZAdminStaffMemberResponse },
      },
    },
    async (request) =>
      ok(await service.deactivate(actorOf(request), request.params.id), STAFF_MESSAGES.deactivated),
  );
}
