import { API, ZCampaignListResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createCampaignRepository } from './campaign.repository.ts';
import { createCampaignService } from './campaign.service.ts';

export async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createCampaignService({ repo: createCampaignRepository(app.database.db), clock: app.clock });

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
