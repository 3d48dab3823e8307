import { API, ZCampaignListResponse, type TCampaign } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { etagOf } from '../../lib/etag.ts';

export async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.campaigns;
  // Every visitor's landing page asks for this list: it is serialised to UTF-8 bytes (and, by the
  // compression hook, compressed) once per version of the list instead of once per request. Bytes,
  // not the JSON text: a text of Vietnamese names is measured (Content-Length) and encoded for
  // the socket again on every answer, about a fifth of this route's CPU when sent uncompressed.
  let serialised: { list: readonly TCampaign[]; body: Buffer; etag: string } | undefined;

  app.get(
    API.campaigns,
    {
      config: { etag: true },
      schema: {
        tags: ['campaigns'],
        summary: 'Các chiến dịch hiến máu đang và sắp nhận đăng ký (không cần đăng nhập)',
        response: { 200: ZCampaignListResponse },
      },
    },
    async (_request, reply) => {
      const list = await service.listOpen();
      if (serialised?.list !== list) {
        const body = JSON.stringify(ZCampaignListResponse.parse(ok(list)));
        serialised = { list, body: Buffer.from(body), etag: etagOf(body) };
      }
      // A body of bytes skips the response serialiser (it was checked against the schema above);
      // the type provider only knows the object form, hence the cast.
      return reply
        .header('etag', serialised.etag)
        .type('application/json; charset=utf-8')
        .send(serialised.body as never);
    },
  );
}
