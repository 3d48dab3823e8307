import {
  ADMIN_RARE_BLOOD_API,
  ZAdminRareBloodQuery,
  ZErrorBody,
  ZRareBloodMembersResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** STAFF and ADMIN: the members of one rare group, to phone when a hospital asks (each listing audited). */
export async function rareBloodAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    ADMIN_RARE_BLOOD_API.members,
    {
      schema: {
        summary:
          'Thành viên Câu lạc bộ máu hiếm của một nhóm máu (bắt buộc), lọc theo tỉnh/thành phố và phường/xã: họ tên, nơi ở, số điện thoại, ngày hiến gần nhất, ngày có thể hiến lại, sẵn sàng khi được gọi và khung giờ. Mỗi lần xem được ghi nhật ký, với từng thành viên được hiển thị',
        querystring: ZAdminRareBloodQuery,
        response: { 200: ZRareBloodMembersResponse, 400: ZErrorBody },
      },
    },
    async (request) => ok(await app.rareBlood.list(request.actor, request.query)),
  );
}
