import { API } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance) {
  app.get(API.health, { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get(
    API.ready,
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' as const };
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
