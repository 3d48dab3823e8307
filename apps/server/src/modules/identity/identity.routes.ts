import {
  API,
  ErrorCode,
  IDCARD_LIMITS,
  IDCARD_MESSAGES,
  PROFILE_MESSAGES,
  ZErrorBody,
  ZExtractStatusRequest,
  ZExtractStatusResponse,
  ZIdCardExtractResponse,
} from '@giot-hong/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { throttleKey, type WindowLimit } from '../throttle/throttle.service.ts';
import { createIdentityService, toHttpError, type IdentityService } from './identity.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

const HOUR_MS = 3_600_000;
const ZExtractParams = z.object({ id: z.string().uuid() });

/**
 * Uploads per account (either side, valid or not: every request is counted before its body is
 * read), in the database like every other limit, so all processes share one count.
 */
export const ID_UPLOADS_PER_ACCOUNT: WindowLimit = {
  bucket: 'id-upload-account',
  max: IDCARD_LIMITS.uploadsPerAccountMax,
  windowSeconds: IDCARD_LIMITS.uploadsPerAccountWindowSeconds,
  message: IDCARD_MESSAGES.tooManyUploads,
};

/**
 * The identity service as the app builds it: its database, clock, image key, configured retention,
 * and the app's worker threads to read the sides.
 */
export function identityServiceFor(app: FastifyInstance): IdentityService {
  return createIdentityService({
    repo: createIdentityRepository(app.database.db),
    clock: app.clock,
    box: createSealedBox(app.config.secrets.dataEncryption, 'id-card-images'),
    retentionDays: app.config.idImageRetentionDays,
    readSide: (task) => app.idCardPool.read(task),
    timeExtraction: (side, run) => app.metrics.timeExtraction(side, run),
  });
}

/**
 * Runs the image-retention sweep now and then every `everyMs`; returns the function that stops
 * it. The sweep is idempotent, so every process may run it. Failures are logged, never thrown.
 */
export function startImageRetentionSweep(
  service: Pick<IdentityService, 'sweepImages'>,
  log: FastifyBaseLogger,
  everyMs = HOUR_MS,
): () => void {
  const run = () =>
    service.sweepImages().then(
      (ids) => ids.length && log.info({ deleted: ids.length }, 'ID-card images past retention deleted'),
      (err: unknown) => logFailure(log, err, 'ID-card image retention sweep failed'),
    );
  void run();
  const timer = setInterval(run, everyMs).unref();
  return () => clearInterval(timer);
}

export async function identityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = identityServiceFor(app);
  const tags = ['identity'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;
  const uploadKey = (request: FastifyRequest) =>
    throttleKey(ID_UPLOADS_PER_ACCOUNT.bucket, String(request.user.id));
  const limitUploads = (request: FastifyRequest) =>
    app.throttle.consume(ID_UPLOADS_PER_ACCOUNT, uploadKey(request));

  // A full reading queue answers 503 with Retry-After before the body is read or the upload is
  // counted: the donor who sends the photo again later has lost none of the hour's uploads, and a
  // burst of uploads costs the request thread next to nothing while the threads are busy.
  const refuseWhenBusy = async () => {
    try {
      app.idCardPool.refuseIfFull();
    } catch (err) {
      toHttpError(err);
    }
  };

  let stopSweep: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopSweep = startImageRetentionSweep(service, app.log);
  });
  // The reading threads (and their OCR workers) belong to the app's pool, which ends them itself.
  app.addHook('onClose', async () => stopSweep?.());

  app.post(
    API.recognitionId,
    {
      // The owner first, then room in the reading queue, then the account's upload count (all
      // before the body is read).
      preHandler: [preHandler, refuseWhenBusy, limitUploads],
      schema: {
        tags,
        security,
        summary: `Đọc căn cước (multipart): type=front + image tạo bản trích xuất; type=back + extract_id + image hoàn tất. Ảnh JPG/PNG ≤ 5MB, xử lý trên máy chủ, lưu mã hóa; tối đa ${IDCARD_LIMITS.uploadsPerAccountMax} lần tải mỗi giờ cho mỗi tài khoản.`,
        consumes: ['multipart/form-data'],
        response: {
          200: ZIdCardExtractResponse,
          400: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          413: ZErrorBody,
          429: ZErrorBody,
          503: ZErrorBody,
        },
      },
    },
    async (request) => {
      const form = await readMultipart(
        request,
        PROFILE_MESSAGES.idImageInvalid,
        PROFILE_MESSAGES.idOneImagePerSide,
      );
      const type = form.fields.type;
      try {
        if (type === 'front')
          return ok(await service.uploadFront(request.user.id, form.files.image), 'Đã đọc mặt trước');
        if (type === 'back') {
          return ok(
            await service.uploadBack(request.user.id, form.fields.extract_id, form.files.image),
            'Đã đọc mặt sau',
          );
        }
      } catch (err) {
        // The queue filled while this body was read (uploads arriving together): the upload was
        // counted but not read, and is given back before the 503 goes out.
        if (err instanceof HttpError && err.code === ErrorCode.ID_CARD_BUSY)
          await app.throttle.giveBack(ID_UPLOADS_PER_ACCOUNT, uploadKey(request));
        throw err;
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
