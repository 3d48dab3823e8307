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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { createDataRightsRepository } from './data-rights.repository.ts';
import { createDataRightsService, type DataRightsService } from './data-rights.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Consents, exports, deletion requests; other modules ask it for consents before a feature. */
    dataRights: DataRightsService;
  }
}

const actorOf = (request: FastifyRequest) => ({
  id: request.user.id,
  role: request.user.role,
  requestId: request.id,
});

/**
 * Creates the data-rights service (before the route modules that check consents). Its background
 * work runs as scheduled tasks (jobs.ts); a new export also starts at once when this process runs
 * the scheduler.
 */
export function registerDataRights(app: FastifyInstance) {
  app.decorate(
    'dataRights',
    createDataRightsService({
      repo: createDataRightsRepository(app.database.db),
      clock: app.clock,
      // The identity module seals ID-card images with this purpose label.
      box: createSealedBox(app.config.secrets.dataEncryption, 'id-card-images'),
      mailer: app.mailer,
      // app.throttle is registered with the auth plugin; read it when a request needs it.
      throttle: { consume: (limit, key) => app.throttle.consume(limit, key) },
      publicUrl: app.config.publicUrl,
      retention: {
        idImageDays: app.config.idImageRetentionDays,
        exportDays: app.config.exportRetentionDays,
        deletionGraceDays: app.config.deletionGraceDays,
      },
      onCountsChanged: () => app.campaigns.invalidate(),
      logError: (err, msg) => logFailure(app.log, err, msg),
    }),
  );
}

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

  app.get(
    '/api/admin/users/:id/deletion-request',
    {
      onRequest: app.requireRole('STAFF', 'ADMIN'),
      schema: {
        tags: ['admin'],
        security,
        summary: 'Yêu cầu xóa tài khoản của một người hiến máu (hồ sơ người hiến máu)',
        params: ZAdminIdParams,
        response: { 200: ZDeletionStatusResponse },
      },
    },
    async (request) =>
      ok(
        await service.deletionOf(
          { id: request.user.id, role: request.user.role, requestId: request.id },
          request.params.id,
        ),
      ),
  );
}
