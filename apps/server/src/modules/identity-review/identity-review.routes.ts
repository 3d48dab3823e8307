import {
  ADMIN_IDENTITY_API,
  IDENTITY_REVIEW_MESSAGES as M,
  ZExtractIdParams,
  ZExtractImageParams,
  ZIdentityApproveRequest,
  ZIdentityReviewDoneResponse,
  ZIdentityReviewListResponse,
  ZIdentityReviewResponse,
  ZReasonRequest,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { createIdentityRepository } from '../identity/identity.repository.ts';
import { createIdentityReviewRepository } from './identity-review.repository.ts';
import { createIdentityReviewService } from './identity-review.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

/** Staff review of ID cards the server could not trust, and disputes over an ID number. */
export async function identityReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createIdentityReviewService({
    repo: createIdentityReviewRepository(app.database.db),
    identity: createIdentityRepository(app.database.db),
    clock: app.clock,
    box: createSealedBox(app.config.secrets.dataEncryption, 'id-card-images'),
    dispatcher: app.dispatcher,
    publicUrl: app.config.publicUrl,
    notify: (userId, text, key) => app.notifications.notifyIdentity(userId, text, key),
    logError: (err, msg) => logFailure(app.log, err, msg),
  });

  app.get(
    ADMIN_IDENTITY_API.reviews,
    {
      schema: {
        summary: 'Hồ sơ căn cước chờ duyệt (cũ nhất trước) và lý do chưa tin cậy',
        response: { 200: ZIdentityReviewListResponse },
      },
    },
    async (request) => ok(await service.queue(request.actor)),
  );
  app.get(
    ADMIN_IDENTITY_API.review(':extractId'),
    {
      schema: {
        summary:
          'Một hồ sơ chờ duyệt: các trường đã đọc, độ tin cậy, tài khoản (xem số căn cước đầy đủ được ghi nhật ký)',
        params: ZExtractIdParams,
        response: { 200: ZIdentityReviewResponse },
      },
    },
    async (request) => ok(await service.get(request.actor, request.params.extractId)),
  );
  app.get(
    ADMIN_IDENTITY_API.reviewImage(':extractId', ':side'),
    {
      schema: {
        summary: 'Ảnh căn cước, giải mã khi gửi, không lưu đệm (mỗi lần xem được ghi nhật ký)',
        params: ZExtractImageParams,
      },
    },
    async (request, reply) => {
      const image = await service.image(request.actor, request.params.extractId, request.params.side);
      return reply.header('Cache-Control', 'no-store').type('image/jpeg').send(image);
    },
  );
  app.post(
    ADMIN_IDENTITY_API.approve(':extractId'),
    {
      schema: {
        summary: 'Duyệt với các trường đã sửa: EXTRACTED; 409 khi số căn cước đã xác thực cho tài khoản khác',
        params: ZExtractIdParams,
        body: ZIdentityApproveRequest,
        response: { 200: ZIdentityReviewDoneResponse },
      },
    },
    async (request) =>
      ok(await service.approve(request.actor, request.params.extractId, request.body), M.approved),
  );
  app.post(
    ADMIN_IDENTITY_API.reject(':extractId'),
    {
      schema: {
        summary: 'Từ chối với lý do: người hiến máu được thông báo và làm lại bước xác thực',
        params: ZExtractIdParams,
        body: ZReasonRequest,
        response: { 200: ZIdentityReviewDoneResponse },
      },
    },
    async (request) =>
      ok(await service.reject(request.actor, request.params.extractId, request.body.reason), M.rejected),
  );
  app.post(
    ADMIN_IDENTITY_API.revokeOther(':extractId'),
    {
      config: { role: 'ADMIN' },
      schema: {
        summary:
          'Tranh chấp (ADMIN): thu hồi xác thực của tài khoản khác đang giữ số căn cước, báo cho cả hai',
        params: ZExtractIdParams,
        body: ZReasonRequest,
        response: { 200: ZIdentityReviewDoneResponse },
      },
    },
    async (request) =>
      ok(await service.revokeOther(request.actor, request.params.extractId, request.body.reason), M.revoked),
  );
}
