import {
  PROFILE_MESSAGES,
  toCsv,
  ADMIN_DAY_DESK_API,
  ADMIN_CAMPAIGN_API,
  API,
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
  screeningPath,
  ZScreeningRequest,
  vnDayOf,
  DAY_DESK_MESSAGES,
  CAMPAIGN_ADMIN_MESSAGES,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { attachment, toXlsx, XLSX_TYPE } from '../../lib/xlsx.ts';
import { countSearch } from '../donors-admin/donors-admin.routes.ts';
import { notFound } from '../../lib/http-error.ts';
import { readSingleFile } from '../../lib/multipart.ts';

/** A check-in's answer: said as done now, or as done before at its time (HH:mm, Vietnam). */
const checkedIn = (r: TAdminCheckInResult) =>
  ok(
    r,
    r.alreadyCheckedIn && r.checkedInAt
      ? DAY_DESK_MESSAGES.alreadyCheckedIn(vnClock(r.checkedInAt))
      : DAY_DESK_MESSAGES.checkedIn,
  );

/** Staff routes of campaigns and the donation day (in the admin scope: STAFF or ADMIN). */
export async function campaignAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.campaignAdmin;
  const params = ZAdminIdParams;

  app.get(
    ADMIN_CAMPAIGN_API.campaigns,
    {
      schema: {
        summary: 'Tất cả chiến dịch (sắp tới, đã qua, đã hủy) với số lượng theo trạng thái',
        querystring: ZAdminCampaignListQuery,
        response: { 200: ZAdminCampaignListResponse },
      },
    },
    async (request) => ok(await service.list(request.query.filter, request.query.search || undefined)),
  );
  app.post(
    ADMIN_CAMPAIGN_API.campaigns,
    {
      schema: {
        summary: 'Tạo chiến dịch',
        body: ZAdminCampaignRequest,
        response: { 200: ZAdminCampaignResponse },
      },
    },
    async (request) => ok(await service.create(request.actor, request.body), 'Đã tạo chiến dịch'),
  );
  app.get(
    ADMIN_CAMPAIGN_API.campaign(':id'),
    {
      schema: {
        summary: 'Một chiến dịch với số liệu trong ngày',
        params,
        response: { 200: ZAdminCampaignResponse },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );
  app.put(
    ADMIN_CAMPAIGN_API.campaign(':id'),
    {
      schema: {
        summary: 'Sửa chiến dịch',
        params,
        body: ZAdminCampaignRequest,
        response: { 200: ZAdminCampaignResponse },
      },
    },
    async (request) =>
      ok(await service.update(request.actor, request.params.id, request.body), 'Đã lưu chiến dịch'),
  );
  app.post(
    ADMIN_CAMPAIGN_API.campaignCancel(':id'),
    {
      schema: {
        summary: 'Hủy chiến dịch: hủy các lịch hẹn, báo và gửi e-mail cho người đã đặt lịch',
        params,
        body: ZAdminCampaignCancelRequest,
        response: { 200: ZAdminCampaignResponse },
      },
    },
    async (request) =>
      ok(await service.cancel(request.actor, request.params.id, request.body.reason), 'Đã hủy chiến dịch'),
  );
  app.post(
    ADMIN_CAMPAIGN_API.campaignImage(':id'),
    {
      schema: {
        summary: 'Ảnh chiến dịch (multipart, trường file; kiểm tra theo nội dung, mã hóa lại WebP)',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: ZAdminCampaignResponse },
      },
    },
    async (request) => {
      const file = await readSingleFile(
        request,
        'file',
        CAMPAIGN_ADMIN_MESSAGES.imageInvalid,
        PROFILE_MESSAGES.oneImage,
      );
      return ok(await service.saveImage(request.actor, request.params.id, file), 'Đã cập nhật ảnh');
    },
  );
  app.get(
    ADMIN_DAY_DESK_API.campaignAppointments(':id'),
    {
      // A search (not the list itself, which the page refreshes) counts against the staff account.
      preValidation: async (request) => {
        const { search } = request.query as { search?: unknown };
        if (typeof search === 'string' && search.trim()) await countSearch(app, request);
      },
      schema: {
        summary:
          'Một trang (50 người) của danh sách lịch hẹn trong ngày của chiến dịch, với số người khớp và số đã check-in theo khung giờ (lọc theo trạng thái; tìm theo tên, số điện thoại, CCCD đủ 12 số hoặc 4 số cuối kèm một từ trong tên)',
        params,
        querystring: ZAdminAppointmentListQuery,
        response: { 200: ZAdminAppointmentListResponse },
      },
    },
    async (request) =>
      ok(
        await service.appointments(request.actor, request.params.id, {
          status: request.query.status,
          search: request.query.search || undefined,
          page: request.query.page,
        }),
      ),
  );
  // The day's list for a spreadsheet: CSV (UTF-8 with BOM) or .xlsx (typed cells), one table.
  for (const format of ['csv', 'xlsx'] as const)
    app.get(
      format === 'csv'
        ? ADMIN_DAY_DESK_API.campaignAppointmentsCsv(':id')
        : ADMIN_DAY_DESK_API.campaignAppointmentsXlsx(':id'),
      {
        schema: {
          summary:
            format === 'csv'
              ? 'Danh sách trong ngày dạng CSV (UTF-8 có BOM)'
              : 'Danh sách trong ngày dạng Excel (.xlsx: số điện thoại dạng chữ, ngày dạng ngày)',
          params,
        },
      },
      async (request, reply) => {
        const { table, fileName } = await service.dayExport(request.actor, request.params.id, format);
        reply.header('Content-Disposition', attachment(fileName)).header('Cache-Control', 'no-store');
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
        return reply.type(XLSX_TYPE).send(await toXlsx([table]));
      },
    );
  // GET /api/admin/question-sets (the form's picker) is served by the question-sets module.
  app.get(
    ADMIN_DAY_DESK_API.appointmentAnswers(':id'),
    {
      schema: {
        summary: 'Câu trả lời phiếu sức khỏe của một lịch hẹn',
        params,
        response: { 200: ZAdminAnswersResponse },
      },
    },
    async (request) => {
      await service.answersViewed(request.actor, request.params.id);
      const view = await app.appointments.answersOf(request.params.id);
      return ok({ sections: view });
    },
  );
  app.post(
    ADMIN_DAY_DESK_API.appointmentCheckIn(':id'),
    { schema: { summary: 'Check-in một lịch hẹn', params, response: { 200: ZAdminCheckInResponse } } },
    async (request) => checkedIn(await service.checkIn(request.actor, { id: request.params.id })),
  );
  app.post(
    ADMIN_DAY_DESK_API.checkIn,
    {
      schema: {
        summary: 'Check-in bằng mã QR của lịch hẹn (lần thứ hai: cho biết giờ đã check-in)',
        body: ZAdminCheckInRequest,
        response: { 200: ZAdminCheckInResponse },
      },
    },
    async (request) => checkedIn(await service.checkIn(request.actor, request.body)),
  );
  app.post(
    ADMIN_DAY_DESK_API.appointmentOutcome(':id'),
    {
      schema: {
        summary:
          'Ghi kết quả: DONE (loại hiến, thể tích), DEFERRED (lý do, đến ngày) hoặc NO_SHOW; 409 khi đã có người ghi',
        params: z.object({ id: ZIdParam }),
        body: outcomeRequestSchema(() => vnDayOf(app.clock.now())),
        response: { 200: ZAdminAppointmentResponse },
      },
    },
    async (request) =>
      ok(await service.outcome(request.actor, request.params.id, request.body), 'Đã ghi kết quả'),
  );
  app.put(
    screeningPath(':id'),
    {
      schema: {
        summary:
          'Ghi kết quả khám sàng lọc (cân nặng, huyết áp, mạch, huyết sắc tố, nhiệt độ): giá trị ngoài giới hạn được đánh dấu, không bị từ chối',
        params: z.object({ id: ZIdParam }),
        body: ZScreeningRequest,
        response: { 200: ZAdminAppointmentResponse },
      },
    },
    async (request) =>
      ok(
        await service.screening(request.actor, request.params.id, request.body),
        'Đã ghi kết quả khám sàng lọc',
      ),
  );
}

/** The campaign picture, public (outside the admin scope): donors see it in the list and on the landing slider. */
export async function campaignImageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.campaignAdmin;
  const params = ZAdminIdParams;
  app.get(
    API.campaignImage(':id'),
    { schema: { tags: ['campaigns'], summary: 'Ảnh chiến dịch', params } },
    async (request, reply) => {
      const image = await service.image(request.params.id);
      if (!image) throw notFound(CAMPAIGN_ADMIN_MESSAGES.imageNotFound);
      reply
        .header('Content-Type', image.mimeType)
        .header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.send(image.content);
    },
  );
}
