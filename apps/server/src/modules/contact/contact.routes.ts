import {
  API,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  ZChapterContactResponse,
  ZContactRequest,
  ZContactResponse,
  ZErrorBody,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { throttleKey, type WindowLimit } from '../throttle/throttle.service.ts';
import { createContactRepository } from './contact.repository.ts';
import { createContactService } from './contact.service.ts';

/**
 * Messages per address: enough to stop one visitor or script flooding the chapter's inbox. Counted
 * in the database like the account limits, so every server process shares one count.
 */
const CONTACT_PER_IP: WindowLimit = {
  bucket: 'contact-ip',
  max: CONTACT_LIMITS.perIpMax,
  windowSeconds: CONTACT_LIMITS.perIpWindowSeconds,
  message: CONTACT_MESSAGES.rateLimited,
};

export async function contactRoutes(fastify: FastifyInstance) {
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
      // Counted before validation, so refused (invalid) requests count too.
      onRequest: (request) =>
        app.throttle.consume(CONTACT_PER_IP, throttleKey(CONTACT_PER_IP.bucket, request.ip)),
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

  app.get(
    API.chapterContact,
    {
      schema: {
        tags: ['contact'],
        summary:
          'Thông tin liên hệ công khai của Hội (địa chỉ, điện thoại, email, giờ làm việc, vị trí bản đồ), theo cấu hình CHAPTER_*',
        response: { 200: ZChapterContactResponse },
      },
    },
    async (_request, reply) => {
      // Configuration only changes with a restart: let browsers and proxies keep it a while.
      reply.header('Cache-Control', 'public, max-age=300');
      return ok(app.config.chapterContact);
    },
  );
}
