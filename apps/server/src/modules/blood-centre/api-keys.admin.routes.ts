import {
  ADMIN_API_KEYS_API,
  API_KEY_MESSAGES as M,
  ZAdminIdParams,
  ZApiKeyCreateRequest,
  ZApiKeyCreatedResponse,
  ZApiKeyListResponse,
  ZApiKeyResponse,
  ZErrorBody,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { ApiKeysService } from './api-keys.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Machines' keys: ADMIN routes here, and the integration scope's check of a presented key. */
    apiKeys: ApiKeysService;
  }
}

/** ADMIN only: the blood centre's API keys (create — shown once —, list, revoke). */
export async function apiKeysAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.apiKeys;
  const config = { role: 'ADMIN' as const };

  app.get(
    ADMIN_API_KEYS_API.keys,
    {
      config,
      schema: {
        summary:
          'Khóa truy cập của hệ thống ngoài (trung tâm máu): quyền, hạn dùng, lần dùng cuối, trạng thái',
        response: { 200: ZApiKeyListResponse },
      },
    },
    async () => ok(await service.list()),
  );
  app.post(
    ADMIN_API_KEYS_API.keys,
    {
      config,
      schema: {
        summary:
          'Tạo khóa truy cập: tên, quyền, ngày hết hạn (tùy chọn). Khóa chỉ có trong câu trả lời này; máy chủ chỉ giữ bản băm',
        body: ZApiKeyCreateRequest,
        response: { 200: ZApiKeyCreatedResponse, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      // The key itself is in this answer only: no cache may keep it.
      reply.header('Cache-Control', 'no-store');
      return ok(await service.create(request.actor, request.body), M.created);
    },
  );
  app.get(
    ADMIN_API_KEYS_API.key(':id'),
    {
      config,
      schema: {
        summary: 'Một khóa truy cập (không bao giờ kèm khóa)',
        params: ZAdminIdParams,
        response: { 200: ZApiKeyResponse, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.one(request.params.id)),
  );
  app.post(
    ADMIN_API_KEYS_API.revoke(':id'),
    {
      config,
      schema: {
        summary: 'Thu hồi khóa truy cập: mọi lần gọi sau đó bị từ chối (401)',
        params: ZAdminIdParams,
        response: { 200: ZApiKeyResponse, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) => ok(await service.revoke(request.actor, request.params.id), M.revoked),
  );
}
