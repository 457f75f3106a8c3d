import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompetitionListResponseSchema } from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-docs.ts';
import type { CompetitionsRepository } from './competitions.repository.ts';

/**
 * `GET /api/competitions`: what a new pool can count. Read when the create dialog opens, so it is not cached:
 * its next round moves with the clock as well as with the matches.
 */
export async function competitionsRoutes(
  app: FastifyInstance,
  { competitions, clock }: { competitions: CompetitionsRepository; clock: Clock },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('', {
    onRequest: app.guards.requireUser,
    schema: {
      tags: ['matches'],
      security: bearerSecurity,
      summary: 'Competiciones de los partidos (cualquier usuario con sesión)',
      description:
        'Cada competición con su nombre, temporada y jornadas en orden (etiqueta de los datos y en español), ' +
        'las primeras y últimas fechas y la próxima jornada: la primera con un partido abierto a pronósticos.',
      response: { 200: CompetitionListResponseSchema, ...errorResponses(401) },
    },
    handler: async () => ({ data: await competitions.list(clock()) }),
  });
}
