import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('matches', 400, 401, 404);

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
  /** A match's history of one kind: 404 for an unknown match, else its changes. */
  const history = <Change>(
    path: string,
    summary: string,
    description: string,
    answer: z.ZodType<{ data: Change[] }>,
    changes: { listByMatch(matchId: number): Promise<Change[]> },
  ) =>
    api.get(path, {
      onRequest: app.guards.requireUser,
      schema: docs.schema(summary, { 200: answer }, { description, params: IdParamsSchema }),
      handler: async (request) => {
        if (!(await matches.findById(request.params.id))) throw new NotFoundError(matchMessages.matchNotFound);
        return { data: await changes.listByMatch(request.params.id) };
      },
    });

  history(
    '/:id/result-changes',
    'Historial de cambios del resultado de un partido (cualquier usuario con sesión)',
    'Quién (el nombre del admin, o la fuente: «importación», «openfootball», «football-data.org»), cuándo y de ' +
      'qué marcador a cuál: por qué se movió una clasificación.',
    MatchResultChangesResponseSchema,
    resultChanges,
  );
  history(
    '/:id/kickoff-changes',
    'Historial de cambios de la hora de inicio de un partido (cualquier usuario con sesión)',
    'Quién (el nombre del admin, o la fuente), cuándo y de qué día y hora a cuáles, con si la hora estaba ' +
      'confirmada: por qué cambió el cierre de los pronósticos.',
    MatchKickoffChangesResponseSchema,
    kickoffChanges,
  );
}
