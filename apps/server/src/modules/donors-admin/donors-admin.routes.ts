import {
  ADMIN_IDENTITY_API,
  IDENTITY_REVIEW_MESSAGES as M,
  ZAdminDonorListResponse,
  ZAdminDonorParams,
  ZAdminDonorResponse,
  ZAdminDonorSearchQuery,
  ZLabBloodGroupRequest,
  externalDonationSchema,
  vnDayOf,
} from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { throttleKey } from '../throttle/throttle.service.ts';
import { STAFF_SEARCH_LIMIT } from './donor-search.ts';
import type { Actor } from '../campaigns/campaign.admin.service.ts';
import { createDonorsAdminRepository } from './donors-admin.repository.ts';
import { createDonorsAdminService } from './donors-admin.service.ts';

/** One search against the staff account's window (STAFF_SEARCH_LIMIT): 429 beyond it. */
export const countSearch = (app: FastifyInstance, request: FastifyRequest) =>
  app.throttle.consume(STAFF_SEARCH_LIMIT, throttleKey(STAFF_SEARCH_LIMIT.bucket, String(request.user.id)));

const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user.id,
  role: request.user.role,
  requestId: request.id,
});

/** Donor records for staff: search, the donor page, laboratory blood group, donations made elsewhere. */
export async function donorsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createDonorsAdminService({
    repo: createDonorsAdminRepository(app.database.db),
    clock: app.clock,
  });
  const base = { onRequest: app.requireRole('STAFF', 'ADMIN') };
  const s = <T extends object>(summary: string, more: T) => ({
    tags: ['admin'],
    security: [{ bearer: [] }],
    summary,
    ...more,
  });
  const params = ZAdminDonorParams;

  app.get(
    ADMIN_IDENTITY_API.donors,
    {
      ...base,
      // After the role check: counted per staff account, valid or not.
      preValidation: (request) => countSearch(app, request),
      schema: s(
        'Tìm người hiến máu theo đầu tên, tên đăng nhập, e-mail, số điện thoại; theo CCCD chỉ với đủ 12 số, hoặc 4 số cuối kèm một từ trong tên (CCCD, ngày sinh được che; mỗi lần tìm được ghi nhật ký)',
        { querystring: ZAdminDonorSearchQuery, response: { 200: ZAdminDonorListResponse } },
      ),
    },
    async (request) => ok(await service.search(actorOf(request), request.query.search, request.query.page)),
  );
  app.get(
    '/api/admin/donors/:id',
    {
      ...base,
      schema: s('Hồ sơ người hiến máu đầy đủ (mỗi lần xem được ghi nhật ký)', {
        params,
        response: { 200: ZAdminDonorResponse },
      }),
    },
    async (request) => ok(await service.get(actorOf(request), request.params.id)),
  );
  app.put(
    '/api/admin/donors/:id/lab-blood-group',
    {
      ...base,
      schema: s('Ghi nhóm máu theo xét nghiệm (nhóm máu tự khai giữ nguyên)', {
        params,
        body: ZLabBloodGroupRequest,
        response: { 200: ZAdminDonorResponse },
      }),
    },
    async (request) =>
      ok(
        await service.setLabBloodGroup(actorOf(request), request.params.id, request.body.bloodGroup),
        M.labBloodGroupSaved,
      ),
  );
  app.post(
    '/api/admin/donors/:id/external-donations',
    {
      ...base,
      schema: s(
        'Ghi một lần hiến máu ở nơi khác (ngày, loại, nơi): khoảng cách giữa hai lần hiến tính cả lần này',
        {
          params,
          body: externalDonationSchema(() => vnDayOf(app.clock.now())),
          response: { 200: ZAdminDonorResponse },
        },
      ),
    },
    async (request) =>
      ok(
        await service.addExternalDonation(actorOf(request), request.params.id, request.body),
        M.externalDonationSaved,
      ),
  );
}
