import { API, ZCampaignListResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';

export async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.campaigns;

  app.get(
    API.campaigns,
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Các chiến dịch hiến máu đang và sắp nhận đăng ký (không cần đăng nhập)',
        response: { 200: ZCampaignListResponse },
      },
    },
    async () => ok(await service.listOpen()),
  );
}
