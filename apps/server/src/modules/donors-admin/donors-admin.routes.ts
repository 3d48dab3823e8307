import {
  ADMIN_DONOR_API,
  DONOR_ADMIN_MESSAGES as M,
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
import { createDonorsAdminRepository } from './donors-admin.repository.ts';
import { createDonorsAdminService } from './donors-admin.service.ts';

/** One search against the staff account's window (STAFF_SEARCH_LIMIT): 429 beyond it. */
export const countSearch = (app: FastifyInstance, request: FastifyRequest) =>
  app.throttle.consume(STAFF_SEARCH_LIMIT, throttleKey(STAFF_SEARCH_LIMIT.bucket, String(request.user.id)));

/** Donor records for staff: search, the donor page, laboratory blood group, donations made elsewhere. */
export async function donorsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createDonorsAdminService({
    repo: createDonorsAdminRepository(app.database.db),
    clock: app.clock,
    honours: app.honours,
  });
  const params = ZAdminDonorParams;

  app.get(
    ADMIN_DONOR_API.donors,
    {
      // After the role check: counted per staff account, valid or not.
      preValidation: (request) => countSearch(app, request),
      schema: {
        summary:
          'Tìm người hiến máu theo đầu tên, tên đăng nhập, e-mail, số điện thoại; theo CCCD chỉ với đủ 12 số, hoặc 4 số cuối kèm một từ trong tên (CCCD, ngày sinh được che; mỗi lần tìm được ghi nhật ký)',
        querystring: ZAdminDonorSearchQuery,
        response: { 200: ZAdminDonorListResponse },
      },
    },
    async (request) => ok(await service.search(request.actor, request.query.search, request.query.page)),
  );
  app.get(
    ADMIN_DONOR_API.donor(':id'),
    {
      schema: {
        summary: 'Hồ sơ người hiến máu đầy đủ (mỗi lần xem được ghi nhật ký)',
        params,
        response: { 200: ZAdminDonorResponse },
      },
    },
    async (request) => ok(await service.get(request.actor, request.params.id)),
  );
  app.put(
    ADMIN_DONOR_API.donorLabBloodGroup(':id'),
    {
      schema: {
        summary: 'Ghi nhóm máu theo xét nghiệm (nhóm máu tự khai giữ nguyên)',
        params,
        body: ZLabBloodGroupRequest,
        response: { 200: ZAdminDonorResponse },
      },
    },
    async (request) =>
      ok(
        await service.setLabBloodGroup(request.actor, request.params.id, request.body.bloodGroup),
        M.labBloodGroupSaved,
      ),
  );
  app.post(
    ADMIN_DONOR_API.donorExternalDonations(':id'),
    {
      schema: {
        summary:
          'Ghi một lần hiến máu ở nơi khác (ngày, loại, nơi): khoảng cách giữa hai lần hiến tính cả lần này',
        params,
        body: externalDonationSchema(() => vnDayOf(app.clock.now())),
        response: { 200: ZAdminDonorResponse },
      },
    },
    async (request) =>
      ok(
        await service.addExternalDonation(request.actor, request.params.id, request.body),
        M.externalDonationSaved,
      ),
  );
}
