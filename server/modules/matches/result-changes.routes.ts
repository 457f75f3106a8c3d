import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  matchMessages,
  MatchKickoffChangesResponseSchema,
  MatchResultChangesResponseSchema,
} from '#contract/index';
import { NotFoundError } from '../../lib/errors.ts';
import type { KickoffChangesRepository } from './kickoff-changes.repository.ts';
import type { MatchesRepository } from './matches.repository.ts';
import type { ResultChangesRepository } from './result-changes.repository.ts';
import { errorResponses } from '../../lib/route-docs.ts';

const errors = errorResponses(400, 401, 404);

/** Mounted under /api/matches beside the matches routes: a match's history is public to every signed-in user. */
export async function resultChangesRoutes(
  app: FastifyInstance,
  {
    matches,
    resultChanges,
    kickoffChanges,
  }: { matches: MatchesRepository; resultChanges: ResultChangesRepository; kickoffChanges: KickoffChangesRepository },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = { tags: ['matches'], security: [{ bearerAuth: [] }], params: IdParamsSchema };
  const existing = async (id: number) => {
    if (!(await matches.findById(id))) throw new NotFoundError(matchMessages.matchNotFound);
  };

  api.get('/:id/result-changes', {
    onRequest: app.guards.requireUser,
    schema: {
      ...docs,
      summary: 'Historial de cambios del resultado de un partido (cualquier usuario con sesión)',
      description:
        'Quién (el nombre del admin, o la fuente: «importación», «openfootball», «football-data.org»), cuándo y de ' +
        'qué marcador a cuál: por qué se movió una clasificación.',
      response: { 200: MatchResultChangesResponseSchema, ...errors },
    },
    handler: async (request) => {
      await existing(request.params.id);
      return { data: await resultChanges.listByMatch(request.params.id) };
    },
  });

  api.get('/:id/kickoff-changes', {
    onRequest: app.guards.requireUser,
    schema: {
      ...docs,
      summary: 'Historial de cambios de la hora de inicio de un partido (cualquier usuario con sesión)',
      description:
        'Quién (el nombre del admin, o la fuente), cuándo y de qué día y hora a cuáles, con si la hora estaba ' +
        'confirmada: por qué cambió el cierre de los pronósticos.',
      response: { 200: MatchKickoffChangesResponseSchema, ...errors },
    },
    handler: async (request) => {
      await existing(request.params.id);
      return { data: await kickoffChanges.listByMatch(request.params.id) };
    },
  });
}
