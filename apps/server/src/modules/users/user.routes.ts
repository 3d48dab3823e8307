import {
  API,
  CURRENT_DONOR_TERMS_VERSION,
  PROFILE_MESSAGES,
  ZDonorDetailRequest,
  ZDonorDetailResponse,
  ZEnvelope,
  ZFullUserInfoResponse,
  ZTermsAcceptanceRequest,
  ZUserStatusResponse,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/http-error.ts';
import { readSingleFile } from '../../lib/multipart.ts';
import { createUserRepository } from './user.repository.ts';
import { createUserService } from './user.service.ts';

const ZMessageOnly = ZEnvelope(z.null());

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createUserService({ repo: createUserRepository(app.database.db), clock: app.clock });
  // On request, before body validation: an anonymous caller gets 401, never a schema's message.
  const secured = { onRequest: app.authenticate };
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.get(
    API.userStatus,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Trạng thái xác thực hồ sơ người hiến máu (NONE khi chưa có)',
        response: { 200: ZUserStatusResponse },
      },
    },
    async (request) => ok({ status: await service.status(request.user.id) }),
  );

  app.get(
    API.userFullInfo,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Toàn bộ thông tin người dùng',
        response: { 200: ZFullUserInfoResponse },
      },
    },
    async (request) => ok(await service.fullInfo(request.user.id)),
  );

  app.get(
    API.userDetail,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Thông tin liên hệ của người hiến máu (null khi chưa có)',
        response: { 200: ZDonorDetailResponse },
      },
    },
    async (request) => ok(await service.detail(request.user.id)),
  );

  for (const [method, url] of [
    ['POST', API.userCreateDetail],
    ['PUT', API.userUpdateDetail],
  ] as const) {
    app.route({
      method,
      url,
      ...secured,
      schema: {
        tags,
        security,
        summary:
          'Tạo / cập nhật thông tin liên hệ (time_donation mặc định 0, blood_group mặc định rỗng, organization_id mặc định null)',
        description: [
          'Ghi đè toàn bộ thông tin liên hệ (POST create-detail và PUT update-detail như nhau):',
          'trường không gửi được lưu theo mặc định của đặc tả mục 7, không giữ giá trị cũ —',
          'time_donation 0, blood_group rỗng (lưu null), organization_id null; email, mobile, job_name,',
          'address_contact, student_id, military_id không gửi được lưu null.',
          'Hãy gửi mọi trường muốn giữ. organization_id 0 là "Tự do" (lưu null).',
          'student_id chỉ giữ cho nghề "Sinh viên"; military_id chỉ giữ cho "Bộ đội", "Công an", "Quân nhân".',
        ].join(' '),
        body: ZDonorDetailRequest,
        response: { 200: ZMessageOnly },
      },
      handler: async (request) => {
        await service.saveDetail(request.user.id, request.body);
        return ok(null, 'Thông tin đã được cập nhật thành công');
      },
    });
  }

  app.post(
    API.userTermsAcceptance,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Ghi nhận đồng ý điều khoản (bước 1 tạo hồ sơ)',
        body: ZTermsAcceptanceRequest,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      if (request.body.termsVersion !== CURRENT_DONOR_TERMS_VERSION)
        throw badRequest(PROFILE_MESSAGES.termsRequired);
      await service.acceptTerms(request.user.id, request.body.termsVersion);
      return ok(null, 'Đã ghi nhận');
    },
  );

  app.post(
    API.userAvatar,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary:
          'Tải ảnh đại diện (multipart, một tệp ở trường file; ảnh ≤ 5MB, kiểm tra theo nội dung, thu nhỏ, mã hóa lại, bỏ metadata; thay ảnh cũ)',
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(z.object({ avatar_url: z.string() })) },
      },
    },
    async (request) => {
      const file = await readSingleFile(
        request,
        'file',
        PROFILE_MESSAGES.avatarNotImage,
        PROFILE_MESSAGES.oneImage,
      );
      await service.saveAvatar(request.user.id, file);
      return ok({ avatar_url: API.userAvatar }, 'Cập nhật ảnh đại diện thành công');
    },
  );

  app.get(
    API.userAvatar,
    {
      ...secured,
      schema: {
        tags,
        security,
        summary: 'Ảnh đại diện của chính người dùng (image/webp); 204 khi chưa có ảnh',
      },
    },
    async (request, reply) => {
      const avatar = await service.avatar(request.user.id);
      reply.header('Cache-Control', 'private, no-cache');
      // No picture yet is a normal state (the initials are shown), not a missing resource.
      if (!avatar) return reply.code(204).send();
      return reply.header('Content-Disposition', 'inline').type(avatar.mimeType).send(avatar.content);
    },
  );
}
