import {
  CERTIFICATE_API,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_SERIAL,
  ZAdminCertificate,
  ZAdminDonorParams,
  ZCertificateRevokeRequest,
  ZCertificateUseRequest,
  ZEnvelope,
  ZErrorBody,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';

const ZSerialParams = z.object({
  serial: z.string().regex(CERTIFICATE_SERIAL, CERTIFICATE_MESSAGES.notFound),
});

/**
 * A donor's certificates, and staff actions on a certificate (in the admin scope): a hospital's use of the entitlement, and
 * a revocation of one recorded in error. The service audits and notifies the donor.
 */
export async function certificateAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    CERTIFICATE_API.adminForDonor(':id'),
    {
      schema: {
        summary:
          'Giấy chứng nhận hiến máu của một người hiến máu: thể tích còn lại, trạng thái, các lần sử dụng (mỗi lần xem được ghi nhật ký)',
        params: ZAdminDonorParams,
        response: { 200: ZEnvelope(z.array(ZAdminCertificate)), 404: ZErrorBody },
      },
    },
    async (request) => ok(await app.certificates.listForStaff(request.actor, request.params.id)),
  );
  app.post(
    CERTIFICATE_API.adminUses(':serial'),
    {
      schema: {
        summary:
          'Ghi một lần sử dụng giấy chứng nhận do bệnh viện báo (không vượt quá thể tích còn lại: 409)',
        params: ZSerialParams,
        body: ZCertificateUseRequest,
        response: {
          200: ZEnvelope(z.object({ remainingMl: z.number().int() })),
          404: ZErrorBody,
          409: ZErrorBody,
        },
      },
    },
    async (request) =>
      ok(await app.certificates.recordUse(request.actor, request.params.serial, request.body)),
  );
  app.post(
    CERTIFICATE_API.adminRevoke(':serial'),
    {
      schema: {
        summary: 'Thu hồi giấy chứng nhận ghi nhầm, kèm lý do (người hiến nhận thông báo)',
        params: ZSerialParams,
        body: ZCertificateRevokeRequest,
        response: { 200: ZEnvelope(z.null()), 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => {
      await app.certificates.revoke(request.actor, request.params.serial, request.body.reason);
      return ok(null);
    },
  );
}
