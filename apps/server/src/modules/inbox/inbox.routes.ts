import {
  ADMIN_INBOX_API,
  INBOX_MESSAGES,
  ZInboxItemParams,
  ZInboxItemResponse,
  ZInboxListQuery,
  ZInboxListResponse,
  ZInboxParams,
  ZInboxReplyRequest,
  ZInboxUpdateRequest,
  ZStaffOptionsResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createInboxRepository } from './inbox.repository.ts';
import { createInboxService } from './inbox.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

/** The console's inboxes: contact messages and appointment feedback (STAFF or ADMIN). */
export async function inboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createInboxService({
    repo: createInboxRepository(app.database.db),
    clock: app.clock,
    mailer: app.mailer,
    // Only the codes: SMTP errors can quote addresses, which are personal data.
    logError: (err, msg) => logFailure(app.log, err, msg),
  });

  app.get(
    ADMIN_INBOX_API.staffOptions,
    {
      schema: { summary: 'Cán bộ đang hoạt động (để giao việc)', response: { 200: ZStaffOptionsResponse } },
    },
    async () => ok(await service.staff()),
  );
  app.get(
    ADMIN_INBOX_API.inbox(':kind'),
    {
      schema: {
        summary: 'Hộp thư: tin nhắn liên hệ (contact) hoặc góp ý sau hiến máu (feedback), theo trạng thái',
        params: ZInboxParams,
        querystring: ZInboxListQuery,
        response: { 200: ZInboxListResponse },
      },
    },
    async (request) => ok(await service.list(request.actor, request.params.kind, request.query.status)),
  );
  app.put(
    ADMIN_INBOX_API.inboxItem(':kind', ':id'),
    {
      schema: {
        summary: 'Đổi trạng thái (mới, đã xử lý) hoặc người phụ trách',
        params: ZInboxItemParams,
        body: ZInboxUpdateRequest,
        response: { 200: ZInboxItemResponse },
      },
    },
    async (request) =>
      ok(
        await service.update(request.actor, request.params.kind, request.params.id, request.body),
        INBOX_MESSAGES.inboxSaved,
      ),
  );
  app.post(
    ADMIN_INBOX_API.inboxReply(':kind', ':id'),
    {
      schema: {
        summary: 'Trả lời qua e-mail (lưu cùng tin nhắn; tin nhắn chuyển sang đã xử lý)',
        params: ZInboxItemParams,
        body: ZInboxReplyRequest,
        response: { 200: ZInboxItemResponse },
      },
    },
    async (request) =>
      ok(
        await service.reply(request.actor, request.params.kind, request.params.id, request.body.message),
        INBOX_MESSAGES.replySent,
      ),
  );
}
