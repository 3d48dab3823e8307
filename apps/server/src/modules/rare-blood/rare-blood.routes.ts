import { RARE_BLOOD_API, ZErrorBody, ZRareBloodChange, ZRareBloodStateResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** The donor's own membership of the rare-blood club. */
export async function rareBloodRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // On request, before body validation: an anonymous caller gets 401, never a schema's message.
  const secured = { onRequest: app.authenticate };
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.get(
    RARE_BLOOD_API.mine,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary:
          'Câu lạc bộ máu hiếm của người đang đăng nhập: có được tham gia không (chỉ nhóm máu Rh âm tính do phòng xét nghiệm xác nhận) và vì sao, đã tham gia chưa, sẵn sàng khi được gọi và khung giờ',
        response: { 200: ZRareBloodStateResponse },
      },
    },
    async (request) => ok(await app.rareBlood.state(request.user.id)),
  );

  app.put(
    RARE_BLOOD_API.mine,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary:
          'Tham gia (ghi nhận đồng ý RARE_BLOOD_CLUB), đổi trạng thái sẵn sàng và khung giờ (HH:MM giờ Việt Nam, có thể qua nửa đêm), hoặc rời câu lạc bộ (member: false: rút lại đồng ý, tắt sẵn sàng)',
        body: ZRareBloodChange,
        response: { 200: ZRareBloodStateResponse, 400: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => {
      const { state, message } = await app.rareBlood.change(request.user.id, request.body);
      return ok(state, message);
    },
  );
}
