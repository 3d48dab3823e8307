import {
  ADMIN_APPEAL_API,
  APPEAL_TEXTS,
  ZAdminAppealListResponse,
  ZAdminAppealResponse,
  ZAppealAudienceRequest,
  ZAppealIdParams,
  ZAppealPreviewResponse,
  ZAppealRequest,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

/** Staff appeals: who one would reach, creating (sent in the background), the list with live counts, ending. */
export async function appealAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.appeals;

  app.post(
    ADMIN_APPEAL_API.previewCount,
    {
      schema: {
        summary:
          'Số người hiến máu lời kêu gọi sẽ tới lúc này: theo nhóm máu xác nhận, tự khai (chỉ Cần gấp), thành viên trực của câu lạc bộ máu hiếm, và số người bị giữ lại vì quy tắc 14 ngày',
        body: ZAppealAudienceRequest,
        response: { 200: ZAppealPreviewResponse },
      },
    },
    async (request) => ok(await service.previewCount(request.body)),
  );
  app.post(
    ADMIN_APPEAL_API.appeals,
    {
      schema: {
        summary:
          'Tạo và gửi lời kêu gọi (chạy nền, Cần gấp chờ qua giờ yên tĩnh 21:00–07:00). Cùng idempotencyKey = cùng một lời kêu gọi',
        body: ZAppealRequest,
        response: { 200: ZAdminAppealResponse },
      },
    },
    async (request) => ok(await service.create(request.actor, request.body), APPEAL_TEXTS.sent),
  );
  app.get(
    ADMIN_APPEAL_API.appeals,
    {
      schema: {
        summary: 'Các lời kêu gọi (mới nhất trước) với tiến độ gửi và số liệu trực tiếp',
        response: { 200: ZAdminAppealListResponse },
      },
    },
    async () => ok(await service.list()),
  );
  app.get(
    ADMIN_APPEAL_API.appeal(':id'),
    {
      schema: {
        summary: 'Một lời kêu gọi: tiến độ gửi, đã xem, trả lời, đăng ký, đã hiến',
        params: ZAppealIdParams,
        response: { 200: ZAdminAppealResponse },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );
  app.post(
    ADMIN_APPEAL_API.end(':id'),
    {
      schema: {
        summary: 'Cán bộ kết thúc lời kêu gọi (ngừng gửi; người hiến máu không nhận lời được nữa)',
        params: ZAppealIdParams,
        response: { 200: ZAdminAppealResponse },
      },
    },
    async (request) => ok(await service.end(request.actor, request.params.id), APPEAL_TEXTS.endedToast),
  );
}
