import {
  API,
  PROFILE_MESSAGES,
  ZExtractStatusRequest,
  ZExtractStatusResponse,
  ZIdCardExtractResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { terminate as terminateOcr } from '../../idcard/ocr.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/http-error.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { createIdentityService } from './identity.service.ts';

const HOUR_MS = 3_600_000;
const ZExtractParams = z.object({ id: z.string().uuid() });

export async function identityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createIdentityService({
    repo: createIdentityRepository(app.database.db),
    clock: app.clock,
    box: createSealedBox(app.config.secrets.dataEncryption, 'id-card-images'),
    retentionDays: app.config.idImageRetentionDays,
  });
  const tags = ['identity'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;

  // The retention sweep is idempotent, so every process may run it.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const run = () =>
      service.sweepImages().then(
        (n) => n && app.log.info({ deleted: n }, 'ID-card images past retention deleted'),
        (err) => app.log.error({ err }, 'ID-card image retention sweep failed'),
      );
    void run();
    sweep = setInterval(run, HOUR_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await terminateOcr();
  });

  app.post(
    API.recognitionId,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Đọc căn cước (multipart): type=front + image tạo bản trích xuất; type=back + extract_id + image hoàn tất. Ảnh JPG/PNG ≤ 5MB, xử lý trên máy chủ, lưu mã hóa.',
        consumes: ['multipart/form-data'],
        response: { 200: ZIdCardExtractResponse },
      },
    },
    async (request) => {
      const form = await readMultipart(request, PROFILE_MESSAGES.idImageInvalid);
      const type = form.fields.type;
      if (type === 'front')
        return ok(await service.uploadFront(request.user.id, form.files.image), 'Đã đọc mặt trước');
      if (type === 'back') {
        return ok(
          await service.uploadBack(request.user.id, form.fields.extract_id, form.files.image),
          'Đã đọc mặt sau',
        );
      }
      throw badRequest(PROFILE_MESSAGES.idImageInvalid);
    },
  );

  app.get(
    '/extract/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Thông tin đã trích xuất (chỉ chủ sở hữu)',
        params: ZExtractParams,
        response: { 200: ZIdCardExtractResponse },
      },
    },
    async (request) => ok(await service.get(request.user.id, request.params.id)),
  );

  app.get(
    '/extract/:id/image/:side',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Ảnh căn cước đã tải (chỉ chủ sở hữu, đến khi hết hạn lưu trữ)',
        params: ZExtractParams.extend({ side: z.enum(['front', 'back']) }),
      },
    },
    async (request, reply) => {
      const image = await service.image(request.user.id, request.params.id, request.params.side);
      return reply.header('Cache-Control', 'private, no-store').type('image/jpeg').send(image);
    },
  );

  app.post(
    API.extractStatus,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Xác nhận thông tin căn cước (CONFIRM_MATCHED): EXTRACTED khi nhất quán và đủ tin cậy, nếu không PENDING chờ cán bộ duyệt',
        body: ZExtractStatusRequest,
        response: { 200: ZExtractStatusResponse },
      },
    },
    async (request) => {
      const result = await service.confirm(request.user.id, request.body.extract_id);
      return ok(result, result.status === 'EXTRACTED' ? 'Đã xác thực' : 'Chờ xác thực');
    },
  );
}
