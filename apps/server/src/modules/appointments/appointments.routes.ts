import {
  API,
  APPOINTMENT_MESSAGES,
  ZAppointmentFeedbackRequest,
  ZAppointmentFeedbackResponse,
  ZAppointmentHistoryResponse,
  ZAppointmentIdParams,
  ZAppointmentResponse,
  ZAppointmentUserInfoRequest,
  ZAppointmentViewResponse,
  ZCampaignIdParams,
  ZEnvelope,
  ZNextEligibleResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { cancelledAppointmentDto } from './appointments.service.ts';

const ZMessageOnly = ZEnvelope(z.null());

/** HTTP only: the rules are in appointments.service.ts (decorated as `app.appointments`). */
export async function appointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.appointments;
  const tags = ['appointments'];
  const security = [{ bearer: [] }];
  // On request, before body validation: an anonymous caller gets 401 and learns nothing of the schemas.
  const onRequest = app.authenticate;
  const byId = API.appointmentById(':id');

  app.get(
    API.appointmentsHistory,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Lịch hẹn của chính người dùng, chiến dịch mới nhất trước',
        response: { 200: ZAppointmentHistoryResponse },
      },
    },
    async (request) => ok(await service.history(request.user.id)),
  );

  app.get(
    API.appointmentsNextEligible,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Ngày sớm nhất được hiến máu toàn phần lại (12 tuần sau lần hiến gần nhất; null khi chưa hiến)',
        response: { 200: ZNextEligibleResponse },
      },
    },
    async (request) => ok(await service.nextEligible(request.user.id)),
  );

  app.put(
    API.appointmentsUserInfo,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Cập nhật thông tin liên hệ và nghề nghiệp từ lịch hẹn BOOKING của chính mình (userId phải là người gọi: 403; appointmentId của người khác: 404)',
        body: ZAppointmentUserInfoRequest,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await service.updateUserInfo(request.user.id, request.body);
      return ok(null, APPOINTMENT_MESSAGES.userInfoSaved);
    },
  );

  app.get(
    byId,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Một lịch hẹn của chính người dùng: userInfo, campaign, answer.sections (của người khác: 404)',
        params: ZAppointmentIdParams,
        response: { 200: ZAppointmentViewResponse },
      },
    },
    async (request) => ok(await service.view(request.user.id, request.params.id)),
  );

  app.post(
    API.appointmentCancel(':id'),
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Hủy lịch hẹn BOOKING của chính mình, trước giờ diễn ra ít nhất 24 giờ (409 kèm lý do nếu không được; của người khác: 404)',
        params: ZAppointmentIdParams,
        response: { 200: ZAppointmentResponse },
      },
    },
    async (request) => {
      const cancelled = await service.cancelAppointment(request.user.id, request.params.id);
      return ok(cancelledAppointmentDto(cancelled), APPOINTMENT_MESSAGES.cancelled);
    },
  );

  app.delete(
    '/answer/:campaignId',
    {
      onRequest,
      schema: {
        tags: ['registration', ...tags],
        security,
        summary:
          'Hủy đăng ký (lịch hẹn BOOKING) của chính mình cho chiến dịch — cùng quy tắc với POST /api/appointments/{id}/cancel',
        params: ZCampaignIdParams,
        response: { 200: ZAppointmentResponse },
      },
    },
    async (request) => {
      const cancelled = await service.cancelBookingForCampaign(request.user.id, request.params.campaignId);
      return ok(cancelledAppointmentDto(cancelled), APPOINTMENT_MESSAGES.cancelled);
    },
  );

  app.post(
    API.appointmentFeedback(':id'),
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Gửi phản hồi về lịch hẹn đã hoàn thành (DONE hoặc COMPLETED) của chính mình',
        params: ZAppointmentIdParams,
        body: ZAppointmentFeedbackRequest,
        response: { 200: ZAppointmentFeedbackResponse },
      },
    },
    async (request) =>
      ok(
        await service.sendFeedback(request.user.id, request.params.id, request.body.message),
        APPOINTMENT_MESSAGES.feedbackSent,
      ),
  );

  app.get(
    API.appointmentCalendar(':id'),
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Sự kiện iCalendar (.ics, text/calendar) của lịch hẹn BOOKING của chính mình',
        params: ZAppointmentIdParams,
      },
    },
    async (request, reply) => {
      const ics = await service.calendar(request.user.id, request.params.id);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${ics.filename}"`)
        .type('text/calendar; charset=utf-8')
        .send(ics.content);
    },
  );
}
