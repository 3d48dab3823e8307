import { API, ZAdminUnitListResponse, ZErrorBody, ZProvinceCodeParams } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { loadAdminUnits } from './admin-units.data.ts';
import { createAdminUnitsService } from './admin-units.service.ts';

/** The lists change only with a new data set (i.e. a deploy): let browsers keep them a day. */
const CACHE_CONTROL = 'public, max-age=86400';

export async function adminUnitsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createAdminUnitsService(loadAdminUnits());

  app.get(
    API.provinces,
    {
      schema: {
        tags: ['reference'],
        summary: 'Danh sách 34 tỉnh/thành phố (từ 01/07/2025)',
        response: { 200: ZAdminUnitListResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return ok(service.listProvinces());
    },
  );

  app.get(
    API.wardsOfProvince(':code'),
    {
      schema: {
        tags: ['reference'],
        summary: 'Danh sách xã/phường/đặc khu của một tỉnh/thành phố',
        params: ZProvinceCodeParams,
        response: { 200: ZAdminUnitListResponse, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const wards = service.listWards(request.params.code);
      reply.header('cache-control', CACHE_CONTROL);
      return ok(wards);
    },
  );
}
