import {
  API,
  ZErrorBody,
  ZNewsIdParams,
  ZNewsListQuery,
  ZNewsListResponse,
  ZNewsRelatedResponse,
  ZNewsResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createNewsRepository } from './news.repository.ts';
import { createNewsService } from './news.service.ts';

export async function newsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createNewsService(createNewsRepository(app.database.db), app.clock);

  app.get(
    API.news,
    {
      config: { etag: true },
      schema: {
        tags: ['news'],
        summary: 'Danh sách tin tức, tìm kiếm không phân biệt dấu',
        querystring: ZNewsListQuery,
        response: { 200: ZNewsListResponse },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );
  app.get(
    '/api/news/:id',
    {
      schema: {
        tags: ['news'],
        summary: 'Chi tiết tin tức (nội dung HTML đã được làm sạch trên máy chủ)',
        params: ZNewsIdParams,
        response: { 200: ZNewsResponse, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );
  app.get(
    '/api/news/:id/related',
    {
      schema: {
        tags: ['news'],
        summary: 'Tối đa 5 tin liên quan (không gồm tin hiện tại), tin cùng chủ đề trước, rồi tin mới nhất',
        params: ZNewsIdParams,
        response: { 200: ZNewsRelatedResponse, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.related(request.params.id)),
  );
}
