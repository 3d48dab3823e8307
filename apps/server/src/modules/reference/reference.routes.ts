import { API, ZJobListResponse, ZOrganizationListResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createReferenceRepository } from './reference.repository.ts';

export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createReferenceRepository(app.database.db);

  app.get(
    API.jobs,
    {
      schema: { tags: ['reference'], summary: 'Danh sách nghề nghiệp', response: { 200: ZJobListResponse } },
    },
    async () => ok(await repo.listJobs()),
  );
  app.get(
    API.organizationsOther,
    {
      schema: {
        tags: ['reference'],
        summary: 'Danh sách tổ chức (loại OTHER); ứng dụng web tự thêm lựa chọn "Tự do"',
        response: { 200: ZOrganizationListResponse },
      },
    },
    async () => ok(await repo.listOrganizationsByType('OTHER')),
  );
}
