import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the contract's zod schemas on each route; browsable at /api/docs unless
 * the configuration turns the page off (the default in production). The document itself is always
 * built (`app.swagger()`): tests walk it.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Giọt Hồng API',
        description:
          'API của cổng hiến máu tình nguyện Giọt Hồng. Mọi phản hồi JSON có dạng { success, message, data }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (app.config.apiDocs) await app.register(swaggerUi, { routePrefix: API.docs, staticCSP: true });
}
