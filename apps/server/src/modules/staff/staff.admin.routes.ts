import {
  ADMIN_STAFF_API,
  ADMIN_TASKS_API,
  ZStaffPermissionsRequest,
  ZStaffPermissionsResponse,
  SECOND_FACTOR_MESSAGES,
  STAFF_MESSAGES,
  ZAdminIdParams,
  ZAdminStaffInviteRequest,
  ZAdminStaffListResponse,
  ZAdminStaffMemberResponse,
  ZAdminStaffRoleRequest,
  ZErrorBody,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createStaffRepository } from './staff.repository.ts';
import { createStaffService } from './staff.service.ts';
import type { StaffPermissions } from './staff-permissions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What a staff member may do beyond their role (result counselling …); built in app.ts. */
    staffPermissions: StaffPermissions;
  }
}

/** ADMIN only: staff accounts (invite, role, deactivate, invitations, second factor). */
export async function staffAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffService({
    repo: createStaffRepository(app.database.db),
    clock: app.clock,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  });

  app.get(
    ADMIN_STAFF_API.list,
    {
      // Every staff-account route is ADMIN only: the admin scope checks the role before anything else.
      config: { role: 'ADMIN' },
      schema: {
        summary: 'Tài khoản cán bộ và quản trị, lần đăng nhập cuối',
        response: { 200: ZAdminStaffListResponse },
      },
    },
    async () => ok(await service.list()),
  );
  app.get(
    ADMIN_TASKS_API.myPermissions,
    {
      schema: {
        summary:
          'Quyền riêng của chính mình (quản trị viên có mọi quyền): bảng điều khiển chỉ hiện phần được phép',
        response: { 200: ZStaffPermissionsResponse },
      },
    },
    async (request) => ok({ permissions: await app.staffPermissions.of(request.actor) }),
  );
  app.put(
    ADMIN_TASKS_API.staffPermissions(':id'),
    {
      config: { role: 'ADMIN' },
      schema: {
        summary: 'Đặt quyền riêng của một cán bộ (thay toàn bộ), ví dụ tư vấn kết quả xét nghiệm',
        params: ZAdminIdParams,
        body: ZStaffPermissionsRequest,
        response: { 200: ZStaffPermissionsResponse, 404: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await service.setPermissions(request.actor, request.params.id, request.body.permissions),
        STAFF_MESSAGES.permissionsSaved,
      ),
  );
  app.post(
    ADMIN_STAFF_API.invite,
    {
      config: { role: 'ADMIN' },
      schema: {
        summary:
          'Mời cán bộ qua e-mail (liên kết đặt mật khẩu 24 giờ). Mời lại đúng email và tên đăng nhập của tài khoản chưa đặt mật khẩu: liên kết mới thay liên kết cũ',
        body: ZAdminStaffInviteRequest,
        response: { 200: ZAdminStaffMemberResponse, 409: ZErrorBody },
      },
    },
    async (request) => {
      const { member, reinvited } = await service.invite(request.actor, request.body);
      return ok(member, reinvited ? STAFF_MESSAGES.reinvited : STAFF_MESSAGES.invited);
    },
  );
  app.post(
    ADMIN_STAFF_API.invitation(':id'),
    {
      config: { role: 'ADMIN' },
      schema: {
        summary: 'Gửi lại thư mời cho tài khoản chưa đặt mật khẩu (liên kết cũ không còn dùng được)',
        params: ZAdminIdParams,
        response: { 200: ZAdminStaffMemberResponse, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(await service.resendInvitation(request.actor, request.params.id), STAFF_MESSAGES.reinvited),
  );
  app.post(
    ADMIN_STAFF_API.resetSecondFactor(':id'),
    {
      config: { role: 'ADMIN' },
      schema: {
        summary:
          'Đặt lại xác thực hai lớp của một cán bộ: xóa ứng dụng xác thực và mã khôi phục, kết thúc mọi phiên; lần đăng nhập tới thiết lập lại',
        params: ZAdminIdParams,
        response: { 200: ZAdminStaffMemberResponse, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      ok(await service.resetSecondFactor(request.actor, request.params.id), SECOND_FACTOR_MESSAGES.resetDone),
  );
  app.put(
    ADMIN_STAFF_API.role(':id'),
    {
      config: { role: 'ADMIN' },
      schema: {
        summary:
          'Đổi vai trò giữa cán bộ và quản trị (có hiệu lực ngay). Chỉ tài khoản cán bộ; không hạ vai trò quản trị viên cuối cùng đang hoạt động',
        params: ZAdminIdParams,
        body: ZAdminStaffRoleRequest,
        response: { 200: ZAdminStaffMemberResponse, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await service.setRole(request.actor, request.params.id, request.body.role),
        STAFF_MESSAGES.roleChanged,
      ),
  );
  app.post(
    ADMIN_STAFF_API.deactivate(':id'),
    {
      config: { role: 'ADMIN' },
      schema: {
        summary:
          'Khóa tài khoản cán bộ; mọi phiên đăng nhập kết thúc ngay. Không khóa quản trị viên cuối cùng đang hoạt động',
        params: ZAdminIdParams,
        response: { 200: ZAdminStaffMemberResponse, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(await service.deactivate(request.actor, request.params.id), STAFF_MESSAGES.deactivated),
  );
  app.post(
    ADMIN_STAFF_API.reactivate(':id'),
    {
      config: { role: 'ADMIN' },
      schema: {
        summary: 'Mở khóa tài khoản cán bộ đã khóa: tài khoản đăng nhập lại được (có ghi nhật ký)',
        params: ZAdminIdParams,
        response: { 200: ZAdminStaffMemberResponse, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) =>
      ok(await service.reactivate(request.actor, request.params.id), STAFF_MESSAGES.reactivated),
  );
}
