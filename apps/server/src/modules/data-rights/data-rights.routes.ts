import {
  DATA_RIGHTS_API,
  DATA_RIGHTS_MESSAGES as M,
  ZAdminIdParams,
  ZConsentChange,
  ZConsentPurposeParam,
  ZConsentResponse,
  ZConsentsResponse,
  ZDataExportResponse,
  ZDataExportsResponse,
  ZDataViewsResponse,
  ZDeletionConfirm,
  ZDeletionRequest,
  ZDeletionStatusResponse,
  ZEnvelope,
  ZExportIdParam,
  ZPrivacyPolicyResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../../lib/actor.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

export async function dataRightsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.dataRights;
  const tags = ['privacy'];
  const security = [{ bearer: [] }];
  const secured = { onRequest: app.authenticate };
  const ZMessageOnly = ZEnvelope(z.null());

  let building: Promise<unknown> | undefined;
  app.addHook('onClose', async () => building);

  app.get(
    DATA_RIGHTS_API.policy,
    {
      schema: {
        tags,
        summary:
          'Mục đích xử lý, phiên bản văn bản, thời hạn lưu trữ (theo cấu hình) và dữ liệu được giữ lại',
        response: { 200: ZPrivacyPolicyResponse },
      },
    },
    async () => ok(service.policy()),
  );

  app.get(
    DATA_RIGHTS_API.consents,
    {
      ...secured,
      schema: { tags, security, summary: 'Các đồng ý của tôi', response: { 200: ZConsentsResponse } },
    },
    async (request) => ok(await service.consents(request.user.id)),
  );

  app.put(
    '/api/privacy/consents/:purpose',
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Đồng ý (phiên bản hiện hành) hoặc rút lại một đồng ý',
        params: ZConsentPurposeParam,
        body: ZConsentChange,
        response: { 200: ZConsentResponse },
      },
    },
    async (request) =>
      ok(await service.changeConsent(request.user.id, request.params.purpose, request.body), M.consentSaved),
  );

  app.get(
    DATA_RIGHTS_API.views,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Ai đã xem dữ liệu của tôi: thời điểm, loại thao tác, vai trò cán bộ',
        response: { 200: ZDataViewsResponse },
      },
    },
    async (request) => ok(await service.views(request.user.id)),
  );

  app.get(
    DATA_RIGHTS_API.exports,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Các tệp dữ liệu của tôi (chưa hết hạn)',
        response: { 200: ZDataExportsResponse },
      },
    },
    async (request) => ok(await service.exports(request.user.id)),
  );

  app.post(
    DATA_RIGHTS_API.exports,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Tải dữ liệu của tôi: chuẩn bị tệp ZIP trong nền, báo bằng thông báo và email',
        response: { 200: ZDataExportResponse },
      },
    },
    async (request) => {
      const queued = await service.requestExport(request.user.id);
      if (app.config.schedulerEnabled) {
        building = service
          .processExports()
          .catch((err: Error) => logFailure(app.log, err, 'data export failed'));
      }
      return ok(queued, M.exportRequested);
    },
  );

  app.get(
    '/api/privacy/exports/:id/download',
    {
      ...secured,
      schema: { tags, security, summary: 'Tải tệp ZIP (chỉ chủ tài khoản)', params: ZExportIdParam },
    },
    async (request, reply) => {
      const zip = await service.download(request.user.id, request.params.id);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', 'attachment; filename="du-lieu-giot-hong.zip"')
        .header('Cache-Control', 'no-store')
        .send(zip);
    },
  );

  app.get(
    DATA_RIGHTS_API.deletion,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Yêu cầu xóa tài khoản đang chờ',
        response: { 200: ZDeletionStatusResponse },
      },
    },
    async (request) => ok(await service.deletionStatus(request.user.id)),
  );

  app.post(
    DATA_RIGHTS_API.deletion,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Xóa tài khoản: kiểm tra mật khẩu và gửi liên kết xác nhận qua email',
        body: ZDeletionRequest,
        response: { 200: ZDeletionStatusResponse },
      },
    },
    async (request) =>
      ok(await service.requestDeletion(actorOf(request), request.body.password), M.deletionMailSent),
  );

  app.delete(
    DATA_RIGHTS_API.deletion,
    {
      ...secured,
      schema: { tags, security, summary: 'Hủy yêu cầu xóa tài khoản', response: { 200: ZMessageOnly } },
    },
    async (request) => {
      await service.cancelDeletion(actorOf(request));
      return ok(null, M.deletionCancelled);
    },
  );

  app.post(
    DATA_RIGHTS_API.deletionConfirm,
    {
      schema: {
        tags,
        summary: 'Liên kết trong email: xác nhận yêu cầu xóa tài khoản (xóa sau thời gian chờ)',
        body: ZDeletionConfirm,
        response: { 200: ZDeletionStatusResponse },
      },
    },
    async (request) => {
      const { message, status } = await service.confirmDeletion(request.body.token);
      return ok(status, message);
    },
  );
}

/** The donor page's deletion status for staff (in the admin scope: STAFF or ADMIN). */
export async function dataRightsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.dataRights;
  app.get(
    DATA_RIGHTS_API.adminDeletion(':id'),
    {
      schema: {
        summary: 'Yêu cầu xóa tài khoản của một người hiến máu (hồ sơ người hiến máu)',
        params: ZAdminIdParams,
        response: { 200: ZDeletionStatusResponse },
      },
    },
    async (request) => ok(await service.deletionOf(request.actor, request.params.id)),
  );
}
