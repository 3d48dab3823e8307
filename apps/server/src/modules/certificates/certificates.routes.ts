import {
  CERTIFICATE_API,
  CERTIFICATE_LIMITS,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_SERIAL,
  ZErrorBody,
  ZPublicCertificate,
  ZEnvelope,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { throttleKey, type WindowLimit } from '../throttle/throttle.service.ts';
import type { CertificateService } from './certificates.service.ts';

/** Lookups per address: a serial is sequential, so unlimited lookups would walk them all. */
const VERIFY_PER_IP: WindowLimit = {
  bucket: 'certificate-ip',
  max: CERTIFICATE_LIMITS.perIpMax,
  windowSeconds: CERTIFICATE_LIMITS.perIpWindowSeconds,
  message: CERTIFICATE_MESSAGES.rateLimited,
};

const ZSerialParams = z.object({
  serial: z.string().regex(CERTIFICATE_SERIAL, CERTIFICATE_MESSAGES.notFound),
});
const ZPdfParams = z.object({ file: z.string() });

/**
 * The certificates anyone may check (the public verification and the published keys) and the PDF,
 * which only its donor or staff may download. Staff's uses and revocations are admin routes.
 */
export function certificateRoutes(service: CertificateService) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['certificates'];

    app.get(
      CERTIFICATE_API.wellKnownKeys,
      {
        schema: {
          tags,
          summary:
            'Khóa công khai (Ed25519) ký giấy chứng nhận hiến máu, để bệnh viện tự xác minh ngoại tuyến',
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600');
        return service.publishedKeys();
      },
    );

    app.get(
      CERTIFICATE_API.publicBySerial(':serial'),
      {
        onRequest: (request) =>
          app.throttle.consume(VERIFY_PER_IP, throttleKey(VERIFY_PER_IP.bucket, request.ip)),
        schema: {
          tags,
          summary:
            'Xác minh một giấy chứng nhận: trạng thái, ngày, thể tích và phần còn lại, nơi hiến, tên đã che và năm sinh (không gì khác)',
          params: ZSerialParams,
          querystring: z.object({ signature: z.string().max(200).optional() }),
          response: { 200: ZEnvelope(ZPublicCertificate), 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return ok(await service.publicView(request.params.serial, request.query.signature));
      },
    );

    app.get(
      CERTIFICATE_API.pdf(':file').replace('.pdf', ''),
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Giấy chứng nhận hiến máu dạng PDF (A5 ngang): của chính người hiến, hoặc cán bộ',
          params: ZPdfParams,
        },
      },
      async (request, reply) => {
        const serial = /^(.+)\.pdf$/.exec(request.params.file)?.[1];
        if (!serial || !CERTIFICATE_SERIAL.test(serial)) throw notFound(CERTIFICATE_MESSAGES.notFound);
        const user = request.user;
        const staff = user.role === 'STAFF' || user.role === 'ADMIN' ? actorOf(request) : null;
        const { pdf } = await service.pdf(serial, { userId: user.id, staff });
        reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="giay-chung-nhan-${serial}.pdf"`)
          .header('Cache-Control', 'private, no-store');
        return reply.send(pdf);
      },
    );
  };
}
