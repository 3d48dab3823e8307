import {
  PROFILE_MESSAGES,
  toCsv,
  ADMIN_API,
  ZAdminAnswersResponse,
  ZAdminAppointmentListQuery,
  ZAdminAppointmentListResponse,
  ZAdminAppointmentResponse,
  ZAdminCampaignCancelRequest,
  ZAdminCampaignListQuery,
  ZAdminCampaignListResponse,
  ZAdminCampaignRequest,
  ZAdminCampaignResponse,
  ZAdminCheckInRequest,
  ZAdminCheckInResponse,
  vnClock,
  type TAdminCheckInResult,
  ZAdminIdParams,
  ZIdParam,
  outcomeRequestSchema,
  vnDayOf,
  ADMIN_MESSAGES,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { attachment, toXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { countSearch } from '../donors-admin/donors-admin.routes.ts';
import { notFound } from '../../lib/http-error.ts';
import { readSingleFile } from '../../lib/multipart.ts';
import { createCampaignAdminRepository } from './campaign.admin.repository.ts';
import { createCampaignAdminService, type Actor } from './campaign.admin.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

/** A check-in's answer: said as done now, or as done before at its time (HH:mm, Vietnam). */
const checkedIn = (r: TAdminCheckInResult) =>
  ok(
    r,
    r.alreadyCheckedIn && r.checkedInAt
      ? ADMIN_MESSAGES.alreadyCheckedIn(vnClock(r.checkedInAt))
      : ADMIN_MESSAGES.checkedIn,
  );

const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user.id,
  role: request.user.role,
  requestId: request.id,
});

/** Staff routes of campaigns and the donation day (all under /api/admin, STAFF or ADMIN). */
export async function campaignAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createCampaignAdminService({
    repo: createCampaignAdminRepository(app.database.db),
    clock: app.clock,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    onCampaignsChanged: () => app.campaigns.invalidate(),
    notifyCampaignCancelled: (id, reason) => app.notifications.notifyCampaignCancelled(id, reason),
    notifyDonationThanks: (id) => app.notifications.notifyDonationThanks(id),
    logError: (err, msg) => logFailure(app.log, err, msg),
  });
  const preHandler = app.requireRole('STAFF', 'ADMIN');
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  // onRequest: the role is checked before the body is parsed or validated (401/403 before 400).
  const base = { onRequest: preHandler };
  const s = <T extends object>(summary: string, more: T) => ({ tags, security, summary, ...more });
  const params = ZAdminIdParams;

  app.get(
    ADMIN_API.campaigns,
    {
      ...base,
      schema: s('Tất cả chiến dịch (sắp tới, đã qua, đã hủy) với số lượng theo trạng thái', {
        querystring: ZAdminCampaignListQuery,
        response: { 200: ZAdminCampaignListResponse },
      }),
    },
    async (request) => ok(await service.list(request.query.filter, request.query.search || undefined)),
  );
  app.post(
    ADMIN_API.campaigns,
    {
      ...base,
      schema: s('Tạo chiến dịch', { body: ZAdminCampaignRequest, response: { 200: ZAdminCampaignResponse } }),
    },
    async (request) => ok(await service.create(actorOf(request), request.body), 'Đã tạo chiến dịch'),
  );
  app.get(
    '/api/admin/campaigns/:id',
    {
      ...base,
      schema: s('Một chiến dịch với số liệu trong ngày', {
        params,
        response: { 200: ZAdminCampaignResponse },
      }),
    },
    async (request) => ok(await service.get(request.params.id)),
  );
  app.put(
    '/api/admin/campaigns/:id',
    {
      ...base,
      schema: s('Sửa chiến dịch', {
        params,
        body: ZAdminCampaignRequest,
        response: { 200: ZAdminCampaignResponse },
      }),
    },
    async (request) =>
      ok(await service.update(actorOf(request), request.params.id, request.body), 'Đã lưu chiến dịch'),
  );
  app.post(
    '/api/admin/campaigns/:id/cancel',
    {
      ...base,
      schema: s('Hủy chiến dịch: hủy các lịch hẹn, báo và gửi e-mail cho người đã đặt lịch', {
        params,
        body: ZAdminCampaignCancelRequest,
        response: { 200: ZAdminCampaignResponse },
      }),
    },
    async (request) =>
      ok(await service.cancel(actorOf(request), request.params.id, request.body.reason), 'Đã hủy chiến dịch'),
  );
  app.post(
    '/api/admin/campaigns/:id/image',
    {
      ...base,
      schema: s('Ảnh chiến dịch (multipart, trường file; kiểm tra theo nội dung, mã hóa lại WebP)', {
        params,
        consumes: ['multipart/form-data'],
        response: { 200: ZAdminCampaignResponse },
      }),
    },
    async (request) => {
      const file = await readSingleFile(
        request,
        'file',
        ADMIN_MESSAGES.imageInvalid,
        PROFILE_MESSAGES.oneImage,
      );
      return ok(await service.saveImage(actorOf(request), request.params.id, file), 'Đã cập nhật ảnh');
    },
  );
  app.get(
    '/api/admin/campaigns/:id/appointments',
    {
      ...base,
      // A search (not the list itself, which the page refreshes) counts against the staff account.
      preValidation: async (request) => {
        const { search } = request.query as { search?: unknown };
        if (typeof search === 'string' && search.trim()) await countSearch(app, request);
      },
      schema: s(
        'Danh sách lịch hẹn trong ngày của chiến dịch (lọc theo trạng thái; tìm theo tên, số điện thoại, CCCD đủ 12 số hoặc 4 số cuối kèm một từ trong tên)',
        { params, querystring: ZAdminAppointmentListQuery, response: { 200: ZAdminAppointmentListResponse } },
      ),
    },
    async (request) =>
      ok(
        await service.appointments(
          actorOf(request),
          request.params.id,
          request.query.status,
          request.query.search || undefined,
        ),
      ),
  );
  // The day's list for a spreadsheet: CSV (UTF-8 with BOM) or .xlsx (typed cells), one table.
  for (const format of ['csv', 'xlsx'] as const)
    app.get(
      format === 'csv'
        ? '/api/admin/campaigns/:id/appointments.csv'
        : '/api/admin/campaigns/:id/appointments.xlsx',
      {
        ...base,
        schema: s(
          format === 'csv'
            ? 'Danh sách trong ngày dạng CSV (UTF-8 có BOM)'
            : 'Danh sách trong ngày dạng Excel (.xlsx: số điện thoại dạng chữ, ngày dạng ngày)',
          { params },
        ),
      },
      async (request, reply) => {
        const { table, fileName } = await service.dayExport(actorOf(request), request.params.id, format);
        reply.header('Content-Disposition', attachment(fileName)).header('Cache-Control', 'no-store');
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
        return reply.type(XLSX_TYPE).send(await toXlsx([table]));
      },
    );
  // GET /api/admin/question-sets (the form's picker) is served by the question-sets module.
  app.get(
    '/api/admin/appointments/:id/answers',
    {
      ...base,
      schema: s('Câu trả lời phiếu sức khỏe của một lịch hẹn', {
        params,
        response: { 200: ZAdminAnswersResponse },
      }),
    },
    async (request) => {
      await service.answersViewed(actorOf(request), request.params.id);
      const view = await app.appointments.answersOf(request.params.id);
      return ok({ sections: view });
    },
  );
  app.post(
    '/api/admin/appointments/:id/check-in',
    { ...base, schema: s('Check-in một lịch hẹn', { params, response: { 200: ZAdminCheckInResponse } }) },
    async (request) => checkedIn(await service.checkIn(actorOf(request), { id: request.params.id })),
  );
  app.post(
    ADMIN_API.checkIn,
    {
      ...base,
      schema: s('Check-in bằng mã QR của lịch hẹn (lần thứ hai: cho biết giờ đã check-in)', {
        body: ZAdminCheckInRequest,
        response: { 200: ZAdminCheckInResponse },
      }),
    },
    async (request) => checkedIn(await service.checkIn(actorOf(request), request.body)),
  );
  app.post(
    '/api/admin/appointments/:id/outcome',
    {
      ...base,
      schema: s(
        'Ghi kết quả: DONE (loại hiến, thể tích), DEFERRED (lý do, đến ngày) hoặc NO_SHOW; 409 khi đã có người ghi',
        {
          params: z.object({ id: ZIdParam }),
          body: outcomeRequestSchema(() => vnDayOf(app.clock.now())),
          response: { 200: ZAdminAppointmentResponse },
        },
      ),
    },
    async (request) =>
      ok(await service.outcome(actorOf(request), request.params.id, request.body), 'Đã ghi kết quả'),
  );

  // The campaign picture, public: donors see it in the list and on the landing slider.
  app.get(
    '/api/campaigns/:id/image',
    { schema: { tags: ['campaigns'], summary: 'Ảnh chiến dịch', params } },
    async (request, reply) => {
      const image = await service.image(request.params.id);
      if (!image) throw notFound(ADMIN_MESSAGES.imageNotFound);
      reply
        .header('Content-Type', image.mimeType)
        .header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.send(image.content);
    },
  );
}
