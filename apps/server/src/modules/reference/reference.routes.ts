import { API, ZJobListResponse, ZOrganizationListResponse } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { createReferenceRepository } from './reference.repository.ts';
import { createReferenceService } from './reference.service.ts';

export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createReferenceService({ repo: createReferenceRepository(app.database.db) });

  app.get(
    API.jobs,
    {
      config: { etag: true },
      schema: { tags: ['reference'], summary: 'Danh sách nghề nghiệp', response: { 200: ZJobListResponse } },
    },
    async () => ok(await service.listJobs()),
  );
  app.get(
    API.organizationsOther,
    {
      config: { etag: true },
      schema: {
        tags: ['reference'],
        summary:
          'Danh sách tổ chức cho người hiến máu: "Tự do" (id 0, loại OTHER) đứng đầu, sau đó các tổ chức loại OTHER theo tên',
        response: { 200: ZOrganizationListResponse },
      },
    },
    async () => ok(await service.listOrganizationOptions()),
  );
}
