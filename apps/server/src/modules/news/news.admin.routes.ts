import {
  PROFILE_MESSAGES,
  ADMIN_NEWS_API,
  NEWS_ADMIN_MESSAGES,
  NEWS_THUMBNAIL_WIDTHS,
  newsThumbnailPath,
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { readSingleFile } from '../../lib/multipart.ts';

/** Staff routes of news (in the admin scope: STAFF or ADMIN). */
export async function newsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.newsAdmin;
  const params = ZAdminIdParams;

  app.get(
    ADMIN_NEWS_API.news,
    {
      schema: {
        summary: 'Tất cả tin tức (bản nháp, hẹn giờ, đã đăng)',
        querystring: ZAdminNewsListQuery,
        response: { 200: ZAdminNewsListResponse },
      },
    },
    async (request) => ok(await service.list(request.query.search || undefined)),
  );
  app.post(
    ADMIN_NEWS_API.news,
    {
      schema: {
        summary: 'Tạo tin tức (bản nháp; HTML được làm sạch trên máy chủ)',
        body: ZAdminNewsRequest,
        response: { 200: ZAdminNewsResponse },
      },
    },
    async (request) => ok(await service.create(request.actor, request.body), NEWS_ADMIN_MESSAGES.newsCreated),
  );
  app.post(
    ADMIN_NEWS_API.newsPreview,
    {
      schema: {
        summary: 'HTML đã làm sạch, đúng như người hiến máu sẽ thấy (xem trước)',
        body: ZAdminNewsPreviewRequest,
        response: { 200: ZAdminNewsPreviewResponse },
      },
    },
    async (request) => ok({ content: service.preview(request.body.content) }),
  );
  app.get(
    ADMIN_NEWS_API.newsItem(':id'),
    { schema: { summary: 'Một tin tức', params, response: { 200: ZAdminNewsResponse } } },
    async (request) => ok(await service.get(request.params.id)),
  );
  app.put(
    ADMIN_NEWS_API.newsItem(':id'),
    {
      schema: {
        summary: 'Sửa tin tức',
        params,
        body: ZAdminNewsRequest,
        response: { 200: ZAdminNewsResponse },
      },
    },
    async (request) =>
      ok(await service.update(request.actor, request.params.id, request.body), NEWS_ADMIN_MESSAGES.newsSaved),
  );
  app.post(
    ADMIN_NEWS_API.newsPublish(':id'),
    {
      schema: {
        summary:
          'Lưu rồi đăng đúng nội dung gửi kèm (tiêu đề, nội dung, thời gian, báo cho người hiến máu), ngay hoặc vào thời gian đã hẹn; báo cho người hiến máu một lần nếu được chọn',
        params,
        body: ZAdminNewsPublishRequest,
        response: { 200: ZAdminNewsResponse },
      },
    },
    async (request) =>
      ok(
        await service.publish(request.actor, request.params.id, request.body),
        NEWS_ADMIN_MESSAGES.newsPublished,
      ),
  );
  app.post(
    ADMIN_NEWS_API.newsUnpublish(':id'),
    { schema: { summary: 'Gỡ tin', params, response: { 200: ZAdminNewsResponse } } },
    async (request) =>
      ok(await service.unpublish(request.actor, request.params.id), NEWS_ADMIN_MESSAGES.newsUnpublished),
  );
  app.post(
    ADMIN_NEWS_API.newsThumbnail(':id'),
    {
      schema: {
        summary: 'Ảnh đại diện của tin (multipart, trường file; kiểm tra theo nội dung, WebP 480 và 960 px)',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: ZAdminNewsResponse },
      },
    },
    async (request) => {
      const file = await readSingleFile(
        request,
        'file',
        NEWS_ADMIN_MESSAGES.imageInvalid,
        PROFILE_MESSAGES.oneImage,
      );
      return ok(
        await service.saveThumbnail(request.actor, request.params.id, file),
        NEWS_ADMIN_MESSAGES.thumbnailSaved,
      );
    },
  );
}

/** The public thumbnail of a news item, outside the admin scope: donors see it in the news list. */
export async function newsThumbnailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.newsAdmin;
  app.get(
    newsThumbnailPath(':id', ':width'),
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
      if (!image) throw notFound(NEWS_ADMIN_MESSAGES.newsNotFound);
      reply
        .header('Content-Type', image.mimeType)
        .header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.send(image.content);
    },
  );
}
