import { DONATION_RECORD_API, ZDonationRecord, ZEnvelope, ZErrorBody, ZHonoursMe } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { HonoursService } from '../honours/honours.service.ts';
import type { DonationRecordService } from './donation-record.service.ts';

/** The donor's own record and honours: each donor reads only their own (the token's account). */
export function donationRecordRoutes(record: DonationRecordService, honours: HonoursService) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['donations'];

    app.get(
      DONATION_RECORD_API.mine,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Hồ sơ hiến máu của chính mình: các lần hiến (khám sàng lọc, giấy chứng nhận), hiến nơi khác, tổng số, nhóm máu xét nghiệm, ngày có thể hiến lại',
          response: { 200: ZEnvelope(ZDonationRecord), 401: ZErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return ok(await record.recordOf(request.user.id));
      },
    );

    app.get(
      DONATION_RECORD_API.honoursMine,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Vinh danh của chính mình: số lần hiến, các mốc đã đạt và ngày đạt, số lần còn lại tới mốc sau',
          response: { 200: ZEnvelope(ZHonoursMe), 401: ZErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return ok(await honours.mine(request.user.id, app.database.db));
      },
    );
  };
}
