import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, matchMessages, MatchResultChangesResponseSchema } from '#contract/index';
import { NotFoundError } from '../../lib/errors.ts';
import type { MatchesRepository } from './matches.repository.ts';
import type { ResultChangesRepository } from './result-changes.repository.ts';
import { errorResponses } from '../../lib/route-docs.ts';

const errors = errorResponses(400, 401, 404);

/** Mounted under /api/matches beside the matches routes: results are public to every signed-in user. */
export async function resultChangesRoutes(
  app: FastifyInstance,
  { matches, resultChanges }: { matches: MatchesRepository; resultChanges: ResultChangesRepository },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/:id/result-changes', {
    onRequest: app.guards.requireUser,
    schema: {
      tags: ['matches'],
      security: [{ bearerAuth: [] }],
      summary: 'Historial de cambios del resultado de un partido (cualquier usuario con sesión)',
      description:
        'Quién (el nombre del admin o «importación»), cuándo y de qué marcador a cuál: por qué se movió una clasificación.',
      params: IdParamsSchema,
      response: { 200: MatchResultChangesResponseSchema, ...errors },
    },
    handler: async (request) => {
      if (!(await matches.findById(request.params.id))) throw new NotFoundError(matchMessages.matchNotFound);
      return { data: await resultChanges.listByMatch(request.params.id) };
    },
  });
}
