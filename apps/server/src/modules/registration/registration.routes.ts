import {
  API,
  REGISTRATION_CONSENTS,
  ZCampaignIdParams,
  ZQuestionSetQuery,
  ZQuestionSetResponse,
  ZRegistrationCheckQuery,
  ZRegistrationCheckResponse,
  ZSavedAnswersResponse,
  ZSubmitAnswersRequest,
  ZSubmitAnswersResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createRegistrationRepository } from './registration.repository.ts';
import { createRegistrationService } from './registration.service.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

export async function registrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createRegistrationService({
    repo: createRegistrationRepository(app.database.db),
    clock: app.clock,
    // Data rights: no registration while the account waits for erasure, and only with the consents
    // registration needs — the health-answers one may be given with this very questionnaire.
    gate: async (userId) => {
      const rights = await app.dataRights.registrationGate(userId);
      return {
        beforeRules: () => rights.requireNoPendingDeletion(),
        beforeSubmit: (req) =>
          rights.giveAndRequire(
            REGISTRATION_CONSENTS,
            req.healthConsentVersion === undefined
              ? undefined
              : { purpose: 'HEALTH_DATA', version: req.healthConsentVersion },
          ),
      };
    },
    onRegistered: async ({ appointmentId, userId, campaign, slotStart }) => {
      // The counts changed: every process's campaign list (ADR 35).
      app.changes.publish('campaigns');
      // The confirmation is a courtesy: failing to write it never fails the booking.
      await app.notifications
        .notifyRegistered(appointmentId, { userId, campaign, slotStart })
        .catch((err: Error) => {
          logFailure(app.log, err, 'registration notification failed');
        });
    },
  });
  const tags = ['registration'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;

  app.get(
    API.questionSet,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Bộ câu hỏi sức khỏe (các phần và câu hỏi theo thứ tự)',
        querystring: ZQuestionSetQuery,
        response: { 200: ZQuestionSetResponse },
      },
    },
    async (request) => ok(await service.questionSet(request.query.id)),
  );

  app.get(
    API.registrationCheck,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Kiểm tra điều kiện đăng ký: SUCCESS, NOT_VERIFIED, ALREADY_REGISTERED, HAS_UPCOMING_APPOINTMENT, TOO_SOON_SINCE_LAST_DONATION, CAMPAIGN_CLOSED',
        querystring: ZRegistrationCheckQuery,
        response: { 200: ZRegistrationCheckResponse },
      },
    },
    async (request) => ok(await service.check(request.user.id, request.query.campaignId)),
  );

  app.post(
    API.answer,
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Gửi phiếu trả lời và đặt lịch (BOOKING); mỗi người chỉ một đăng ký cho mỗi chiến dịch',
        body: ZSubmitAnswersRequest,
        response: { 200: ZSubmitAnswersResponse },
      },
    },
    async (request) => {
      const appointmentId = await service.submit(request.user.id, request.body);
      return ok({ appointmentId }, 'Đăng ký hiến máu của bạn đã được ghi nhận');
    },
  );

  app.get(
    '/answer/:campaignId',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Câu trả lời đã lưu của chính người dùng cho chiến dịch (rỗng nếu chưa có)',
        params: ZCampaignIdParams,
        response: { 200: ZSavedAnswersResponse },
      },
    },
    async (request) => ok(await service.savedAnswers(request.user.id, request.params.campaignId)),
  );
}
