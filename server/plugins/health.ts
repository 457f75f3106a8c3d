import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '#contract/index';

/**
 * 200 once the database answers, 503 while it does not (load balancers route on this), and 503 with the API's error
 * while the instance is stopping, as every read then is (server/lib/drain-connections.ts).
 */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<boolean> }) {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Estado del servicio',
      response: {
        200: z.object({ status: z.literal('ok') }),
        503: z.union([z.object({ status: z.literal('unavailable') }), ApiErrorSchema]),
      },
    },
    handler: async (_request, reply) =>
      (await ping()) ? { status: 'ok' as const } : reply.code(503).send({ status: 'unavailable' as const }),
  });
}
