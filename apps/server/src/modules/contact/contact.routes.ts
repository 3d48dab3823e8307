import rateLimit from '@fastify/rate-limit';
import {
  API,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  ErrorCode,
  ZContactRequest,
  ZContactResponse,
  ZErrorBody,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createContactRepository } from './contact.repository.ts';
import { createContactService } from './contact.service.ts';

export async function contactRoutes(fastify: FastifyInstance) {
  // The limiter is opt-in per route (`global: false`); if the app registers it itself one day,
  // that registration is reused instead of a second one.
  if (!fastify.hasDecorator('rateLimit')) await fastify.register(rateLimit, { global: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createContactService({
    repo: createContactRepository(app.database.db),
    mailer: app.mailer,
    inbox: app.config.contactInbox,
    clock: app.clock,
    log: app.log,
  });

  app.post(
    API.contact,
    {
      config: {
        // Counted per client address in this process's memory: enough to stop one visitor or
        // script flooding the chapter's inbox (behind N processes the limit is at most N times this).
        rateLimit: {
          // RATE_LIMIT_SCALE raises it on shared test servers, where every browser comes from one address.
          max: CONTACT_LIMITS.perIpMax * app.config.rateLimitScale,
          timeWindow: CONTACT_LIMITS.perIpWindowMs,
          keyGenerator: (request) => `contact:${request.ip}`,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              ErrorCode.RATE_LIMITED,
              CONTACT_MESSAGES.rateLimited(Math.max(1, Math.ceil(context.ttl / 60_000))),
              {
                retryAfterSeconds: context.ttl / 1000,
              },
            ),
        },
      },
      schema: {
        tags: ['contact'],
        summary:
          'Gửi tin nhắn liên hệ: lưu vào cơ sở dữ liệu và gửi email tới hộp thư của Hội (giới hạn theo địa chỉ IP)',
        body: ZContactRequest,
        response: { 200: ZContactResponse, 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => ok(await service.submit(request.body), CONTACT_MESSAGES.sentDescription),
  );
}
