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
        // A database that does not answer within 2 s counts as down (a load balancer waits for this).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), 2_000);
          }),
        ]).finally(() => clearTimeout(timer));
        return { status: 'ready' as const };
      } catch (err) {
        request.log.error({ err }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
