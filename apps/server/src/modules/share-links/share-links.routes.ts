import {
  API,
  SHARE_LINK_LIMITS,
  SHARE_LINK_MESSAGES,
  ZErrorBody,
  ZShareLinkRequest,
  ZShareLinkResponse,
  ZShortCodeParams,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { throttleKey, type WindowLimit } from '../throttle/throttle.service.ts';
import { createRegistrationPageMetaResolver } from './share-links.page-meta.ts';
import { createShareLinkRepository } from './share-links.repository.ts';
import { createShareLinkService } from './share-links.service.ts';

/**
 * Link requests per address: creation is idempotent, so the table cannot be flooded; this only
 * keeps one client from hogging the server. Counted in the database like every other limit.
 */
const SHARE_LINKS_PER_IP: WindowLimit = {
  bucket: 'share-ip',
  max: SHARE_LINK_LIMITS.perIpMax,
  windowSeconds: SHARE_LINK_LIMITS.perIpWindowSeconds,
  message: () => SHARE_LINK_MESSAGES.rateLimited,
};

/**
 * Our own link shortener for campaigns (no third-party service) and the link previews of the
 * pages it leads to. Registered after the SPA plugin: it adds a page-meta resolver, and an unknown
 * code falls through to the SPA's 404 page.
 */
export async function shareLinkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createShareLinkService({
    repo: createShareLinkRepository(app.database.db),
    publicUrl: app.config.publicUrl,
  });
  app.pageMetaResolvers.push(createRegistrationPageMetaResolver(service.findCampaign));
  const tags = ['share-links'];

  app.post(
    API.shareLinks,
    {
      onRequest: (request) =>
        app.throttle.consume(SHARE_LINKS_PER_IP, throttleKey(SHARE_LINKS_PER_IP.bucket, request.ip)),
      schema: {
        tags,
        summary:
          'Liên kết rút gọn của một chiến dịch (không cần đăng nhập; cùng chiến dịch luôn cùng một mã)',
        body: ZShareLinkRequest,
        response: { 200: ZShareLinkResponse, 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => ok(await service.linkFor(request.body.campaignId)),
  );

  app.get(
    '/s/:code',
    {
      schema: {
        tags,
        summary:
          'Mở liên kết rút gọn: chuyển hướng 302 tới trang đăng ký hiến máu của chiến dịch; mã không tồn tại: trang 404',
        params: ZShortCodeParams,
      },
    },
    async (request, reply) => {
      const target = await service.target(request.params.code);
      if (!target) return reply.callNotFound();
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    },
  );
}
