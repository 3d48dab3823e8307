import {
  APPEAL_API,
  APPEAL_MESSAGES,
  ZAppealIdParams,
  ZAppealResponseRequest,
  ZErrorBody,
  ZMyAppealListResponse,
  ZMyAppealResponse,
  ZPublicAppealListResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** The donor's appeals (only those that reached them) and the public list of open appeals. */
export async function appealRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.appeals;
  const tags = ['appeals'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;

  app.get(
    APPEAL_API.open,
    {
      config: { etag: true },
      schema: {
        tags,
        summary:
          'Các lời kêu gọi đang mở (không cần đăng nhập): nhóm máu cần, địa điểm, thời gian; không có số liệu hay thông tin cá nhân',
        response: { 200: ZPublicAppealListResponse },
      },
    },
    async () => ok(await service.openAppeals()),
  );
  app.get(
    APPEAL_API.mine,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Các lời kêu gọi đã gửi tới người hiến máu (mới nhất trước)',
        response: { 200: ZMyAppealListResponse, 401: ZErrorBody },
      },
    },
    async (request) => ok(await service.mine(request.user.id)),
  );
  app.get(
    APPEAL_API.appeal(':id'),
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Một lời kêu gọi đã gửi tới người hiến máu (404 nếu không); xem lần đầu được ghi là đã xem',
        params: ZAppealIdParams,
        response: { 200: ZMyAppealResponse, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.one(request.user.id, request.params.id)),
  );
  app.post(
    APPEAL_API.responses(':id'),
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Trả lời lời kêu gọi: COMING (Tôi sẽ đến) hoặc DECLINED; đổi được khi lời kêu gọi còn mở (409 khi đã kết thúc). Đăng ký hiến máu vẫn qua /answer với mọi quy tắc',
        params: ZAppealIdParams,
        body: ZAppealResponseRequest,
        response: { 200: ZMyAppealResponse, 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await service.respond(request.user.id, request.params.id, request.body.answer),
        APPEAL_MESSAGES.responseSaved,
      ),
  );
}
