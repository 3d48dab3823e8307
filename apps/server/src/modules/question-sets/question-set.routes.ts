import {
  QUESTION_SET_API,
  QUESTION_SET_MESSAGES as M,
  ZAdminIdParams,
  ZAdminQuestionSetDetailResponse,
  ZAdminQuestionSetVersionListResponse,
  ZQuestionSetMoveCampaignsRequest,
  ZQuestionSetMoveCampaignsResponse,
  ZQuestionSetOlderCampaignsResponse,
  ZQuestionSetRequest,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createQuestionSetRepository } from './question-set.repository.ts';
import { createQuestionSetService } from './question-set.service.ts';

/** Questionnaires with versions (all under /api/admin, STAFF or ADMIN). */
export async function questionSetAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createQuestionSetService({
    repo: createQuestionSetRepository(app.database.db),
    clock: app.clock,
    // Every process's caches, through the change feed (ADR 35).
    onChanged: () => app.changes.publish('question-sets'),
    onCampaignsChanged: () => app.changes.publish('campaigns'),
  });

  app.get(
    QUESTION_SET_API.list,
    {
      schema: {
        summary: 'Các phiên bản bộ câu hỏi (mới nhất của mỗi bộ có latest = true)',
        response: { 200: ZAdminQuestionSetVersionListResponse },
      },
    },
    async () => ok(await service.list()),
  );
  app.post(
    QUESTION_SET_API.list,
    {
      schema: {
        summary: 'Tạo bộ câu hỏi (phiên bản 1)',
        body: ZQuestionSetRequest,
        response: { 200: ZAdminQuestionSetDetailResponse },
      },
    },
    async (request) => ok(await service.create(request.actor, request.body), M.created),
  );
  app.get(
    QUESTION_SET_API.one(':id'),
    {
      schema: {
        summary: 'Một phiên bản bộ câu hỏi với các phần, câu hỏi và các phiên bản khác',
        params: ZAdminIdParams,
        response: { 200: ZAdminQuestionSetDetailResponse },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );
  app.put(
    QUESTION_SET_API.one(':id'),
    {
      schema: {
        summary:
          'Lưu phiên bản mới nhất: chưa ai trả lời thì sửa tại chỗ, đã có câu trả lời thì lưu thành phiên bản mới (409 với phiên bản cũ)',
        params: ZAdminIdParams,
        body: ZQuestionSetRequest,
        response: { 200: ZAdminQuestionSetDetailResponse },
      },
    },
    async (request) => {
      const { set, newVersion } = await service.update(request.actor, request.params.id, request.body);
      return ok(set, newVersion ? M.newVersion(set.version) : M.saved);
    },
  );
  app.get(
    QUESTION_SET_API.campaigns(':id'),
    {
      schema: {
        summary:
          'Các chiến dịch đang mở vẫn dùng phiên bản cũ của bộ câu hỏi (phiên bản này phải là mới nhất)',
        params: ZAdminIdParams,
        response: { 200: ZQuestionSetOlderCampaignsResponse },
      },
    },
    async (request) => ok(await service.olderCampaigns(request.params.id)),
  );
  app.post(
    QUESTION_SET_API.campaigns(':id'),
    {
      schema: {
        summary:
          'Chuyển các chiến dịch đang mở chưa có ai trả lời sang phiên bản này (chiến dịch đã có câu trả lời giữ phiên bản cũ)',
        params: ZAdminIdParams,
        body: ZQuestionSetMoveCampaignsRequest,
        response: { 200: ZQuestionSetMoveCampaignsResponse },
      },
    },
    async (request) => {
      const { moved, kept, version } = await service.moveCampaigns(
        request.actor,
        request.params.id,
        request.body.campaignIds,
      );
      return ok(
        { moved, kept },
        moved.length ? M.campaignsMoved(moved.length, version) : M.campaignsKept(kept.map((k) => k.name)),
      );
    },
  );
}
