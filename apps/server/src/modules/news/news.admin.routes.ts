import {
  PROFILE_MESSAGES,
  ADMIN_CONTENT_API,
  CONTENT_MESSAGES,
  NEWS_THUMBNAIL_WIDTHS,
  ZAdminIdParams,
  ZAdminNewsListQuery,
  ZAdminNewsListResponse,
  ZAdminNewsPreviewRequest,
  ZAdminNewsPreviewResponse,
  ZAdminNewsPublishRequest,
  ZAdminNewsRequest,
  ZAdminNewsResponse,
  ZIdParam,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { readSingleFile } from '../../lib/multipart.ts';

const actorOf = (r: FastifyRequest) => ({ id: r.user.id, role: r.user.role, requestId: r.id });

/** Staff routes of news (all under /api/admin, STAFF or ADMIN) and the public thumbnail. */
export async function newsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.newsAdmin;
  // onRequest: the role is checked before the body is parsed or validated (401/403 before 400).
  const base = { onRequest: app.requireRole('STAFF', 'ADMIN') };
  const s = <T extends object>(summary: string, more: T) => ({
    tags: ['admin'],
    security: [{ bearer: [] }],
    summary,
    ...more,
  });
  const params = ZAdminIdParams;

  app.get(
    ADMIN_CONTENT_API.news,
    {
      ...base,
      schema: s('Tất cả tin tức (bản nháp, hẹn giờ, đã đăng)', {
        querystring: ZAdminNewsListQuery,
        response: { 200: ZAdminNewsListResponse },
      }),
    },
    async (request) => ok(await service.list(request.query.search || undefined)),
  );
  app.post(
    ADMIN_CONTENT_API.news,
    {
      ...base,
      schema: s('Tạo tin tức (bản nháp; HTML được làm sạch trên máy chủ)', {
        body: ZAdminNewsRequest,
        response: { 200: ZAdminNewsResponse },
      }),
    },
    async (request) => ok(await service.create(actorOf(request), request.body), CONTENT_MESSAGES.newsCreated),
  );
  app.post(
    ADMIN_CONTENT_API.newsPreview,
    {
      ...base,
      schema: s('HTML đã làm sạch, đúng như người hiến máu sẽ thấy (xem trước)', {
        body: ZAdminNewsPreviewRequest,
        response: { 200: ZAdminNewsPreviewResponse },
      }),
    },
    async (request) => ok({ content: service.preview(request.body.content) }),
  );
  app.get(
    '/api/admin/news/:id',
    { ...base, schema: s('Một tin tức', { params, response: { 200: ZAdminNewsResponse } }) },
    async (request) => ok(await service.get(request.params.id)),
  );
  app.put(
    '/api/admin/news/:id',
    {
      ...base,
      schema: s('Sửa tin tức', { params, body: ZAdminNewsRequest, response: { 200: ZAdminNewsResponse } }),
    },
    async (request) =>
      ok(await service.update(actorOf(request), request.params.id, request.body), CONTENT_MESSAGES.newsSaved),
  );
  app.post(
    '/api/admin/news/:id/publish',
    {
      ...base,
      schema: s(
        'Lưu rồi đăng đúng nội dung gửi kèm (tiêu đề, nội dung, thời gian, báo cho người hiến máu), ngay hoặc vào thời gian đã hẹn; báo cho người hiến máu một lần nếu được chọn',
        { params, body: ZAdminNewsPublishRequest, response: { 200: ZAdminNewsResponse } },
      ),
    },
    async (request) =>
      ok(
        await service.publish(actorOf(request), request.params.id, request.body),
        CONTENT_MESSAGES.newsPublished,
      ),
  );
  app.post(
    '/api/admin/news/:id/unpublish',
    { ...base, schema: s('Gỡ tin', { params, response: { 200: ZAdminNewsResponse } }) },
    async (request) =>
      ok(await service.unpublish(actorOf(request), request.params.id), CONTENT_MESSAGES.newsUnpublished),
  );
  app.post(
    '/api/admin/news/:id/thumbnail',
    {
      ...base,
      schema: s('Ảnh đại diện của tin (multipart, trường file; kiểm tra theo nội dung, WebP 480 và 960 px)', {
        params,
        consumes: ['multipart/form-data'],
        response: { 200: ZAdminNewsResponse },
      }),
    },
    async (request) => {
      const file = await readSingleFile(
        request,
        'file',
        CONTENT_MESSAGES.imageInvalid,
        PROFILE_MESSAGES.oneImage,
      );
      return ok(
        await service.saveThumbnail(actorOf(request), request.params.id, file),
        CONTENT_MESSAGES.thumbnailSaved,
      );
    },
  );

  app.get(
    '/api/news/:id/thumbnail/:width',
    {
      schema: {
        tags: ['news'],
        summary: 'Ảnh đại diện của tin tức theo chiều rộng (480 hoặc 960 px)',
        params: z.object({ id: ZIdParam, width: z.coerce.number().int() }),
      },
    },
    async (request, reply) => {
      const { id, width } = request.params;
      const image = (NEWS_THUMBNAIL_WIDTHS as readonly number[]).includes(width)
        ? await service.thumbnail(id, width)
        : undefined;
      if (!image) throw notFound(CONTENT_MESSAGES.newsNotFound);
      reply
        .header('Content-Type', image.mimeType)
        .header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.send(image.content);
    },
  );
}
