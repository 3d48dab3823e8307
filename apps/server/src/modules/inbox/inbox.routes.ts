import {
  ADMIN_CONTENT_API,
  CONTENT_MESSAGES,
  ZInboxItemParams,
  ZInboxItemResponse,
  ZInboxListQuery,
  ZInboxListResponse,
  ZInboxParams,
  ZInboxReplyRequest,
  ZInboxUpdateRequest,
  ZStaffOptionsResponse,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createInboxRepository } from './inbox.repository.ts';
import { createInboxService } from './inbox.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

const actorOf = (r: FastifyRequest) => ({ id: r.user.id, role: r.user.role, requestId: r.id });

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
  const base = { onRequest: app.requireRole('STAFF', 'ADMIN') };
  const s = <T extends object>(summary: string, more: T) => ({
    tags: ['admin'],
    security: [{ bearer: [] }],
    summary,
    ...more,
  });

  app.get(
    ADMIN_CONTENT_API.staffOptions,
    {
      ...base,
      schema: s('Cán bộ đang hoạt động (để giao việc)', { response: { 200: ZStaffOptionsResponse } }),
    },
    async () => ok(await service.staff()),
  );
  app.get(
    '/api/admin/inbox/:kind',
    {
      ...base,
      schema: s('Hộp thư: tin nhắn liên hệ (contact) hoặc góp ý sau hiến máu (feedback), theo trạng thái', {
        params: ZInboxParams,
        querystring: ZInboxListQuery,
        response: { 200: ZInboxListResponse },
      }),
    },
    async (request) => ok(await service.list(actorOf(request), request.params.kind, request.query.status)),
  );
  app.put(
    '/api/admin/inbox/:kind/:id',
    {
      ...base,
      schema: s('Đổi trạng thái (mới, đã xử lý) hoặc người phụ trách', {
        params: ZInboxItemParams,
        body: ZInboxUpdateRequest,
        response: { 200: ZInboxItemResponse },
      }),
    },
    async (request) =>
      ok(
        await service.update(actorOf(request), request.params.kind, request.params.id, request.body),
        CONTENT_MESSAGES.inboxSaved,
      ),
  );
  app.post(
    '/api/admin/inbox/:kind/:id/reply',
    {
      ...base,
      schema: s('Trả lời qua e-mail (lưu cùng tin nhắn; tin nhắn chuyển sang đã xử lý)', {
        params: ZInboxItemParams,
        body: ZInboxReplyRequest,
        response: { 200: ZInboxItemResponse },
      }),
    },
    async (request) =>
      ok(
        await service.reply(actorOf(request), request.params.kind, request.params.id, request.body.message),
        CONTENT_MESSAGES.replySent,
      ),
  );
}
