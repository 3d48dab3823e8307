import {
  API,
  NOTIFICATION_PREFERENCES_API,
  NOTIFICATION_PREFERENCE_TEXTS,
  ZNotificationPreferencesRequest,
  ZNotificationPreferencesResponse,
  ZErrorBody,
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationResponse,
  ZNotificationToggleQuery,
  ZReadAllResponse,
  ZUnreadCountResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { NotificationService } from './notification.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes and reads donors' notifications; other modules call it (registration, appointments …). */
    notifications: NotificationService;
  }
}

/**
 * The donor's own notifications. Every route is behind login and scoped to the
 * caller. Also subscribes the notification service to the appointment events it reports on.
 */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.notifications;
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;

  // The notice of a cancellation is written when the appointments module reports one (after it
  // is stored; a failure here is logged there and never undoes the cancellation).
  app.appointments.onAppointmentCancelled(async (e) => {
    await service.notifyCancelled(e.appointmentId, {
      userId: e.userId,
      name: e.campaignName,
      location: e.location,
      organizeTime: e.organizeTime,
      slotStart: e.slotStart ? new Date(e.slotStart) : null,
    });
  });

  app.get(
    API.notifications,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Thông báo của người dùng, phân trang (page từ 0), lọc theo loại (1 nhắc nhở, 2 sự kiện, 3 tin tức) hoặc chưa đọc',
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationListResponse, 401: ZErrorBody },
      },
    },
    async (request) => ok(await service.list(request.user.id, request.query)),
  );

  // Declared before '/:id' for readability; find-my-way prefers static segments anyway.
  app.get(
    API.notificationsUnread,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Số thông báo chưa đọc (data là số)',
        response: { 200: ZUnreadCountResponse, 401: ZErrorBody },
      },
    },
    async (request) => ok(await service.unreadCount(request.user.id)),
  );

  app.put(
    API.notificationsReadAll,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Đánh dấu tất cả thông báo là đã đọc (data là số thông báo vừa được đánh dấu)',
        response: { 200: ZReadAllResponse, 401: ZErrorBody },
      },
    },
    async (request) => ok(await service.readAll(request.user.id), 'Đã đánh dấu tất cả thông báo là đã đọc'),
  );

  app.get(
    NOTIFICATION_PREFERENCES_API.mine,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Cài đặt thông báo của chính mình: mỗi loại tin (nhắc lịch hẹn, lời kêu gọi, hành trình giọt máu, tin tức, tài khoản) theo từng kênh (cổng thông tin luôn bật, e-mail, thông báo đẩy) và giờ yên lặng (mặc định 21:00–07:00 giờ Việt Nam); mặc định bật hết',
        response: { 200: ZNotificationPreferencesResponse, 401: ZErrorBody },
      },
    },
    async (request) => ok(await app.dispatcher.preferences(request.user.id)),
  );

  app.put(
    NOTIFICATION_PREFERENCES_API.mine,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Lưu cài đặt thông báo của chính mình (cổng thông tin và e-mail về tài khoản luôn bật, dù gửi gì)',
        body: ZNotificationPreferencesRequest,
        response: { 200: ZNotificationPreferencesResponse, 400: ZErrorBody, 401: ZErrorBody },
      },
    },
    async (request) =>
      ok(
        await app.dispatcher.savePreferences(request.user.id, request.body),
        NOTIFICATION_PREFERENCE_TEXTS.saved,
      ),
  );

  app.get(
    API.notificationById(':id'),
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Một thông báo của chính người dùng (404 nếu không tồn tại hoặc của người khác)',
        params: ZNotificationIdParams,
        response: { 200: ZNotificationResponse, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.get(request.user.id, request.params.id)),
  );

  app.put(
    API.notificationToggle(':id'),
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Đánh dấu một thông báo đã đọc (status=true) hoặc chưa đọc (status=false)',
        params: ZNotificationIdParams,
        querystring: ZNotificationToggleQuery,
        response: { 200: ZNotificationResponse, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.toggle(request.user.id, request.params.id, request.query.status)),
  );
}
