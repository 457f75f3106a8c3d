import type { FastifyInstance } from 'fastify';
import {
  ApiErrorSchema,
  EvolutionResponseSchema,
  IdParamsSchema,
  MyStandingsResponseSchema,
  RankingResponseSchema,
  RoundParamsSchema,
  RoundRankingResponseSchema,
  UpdateAllResponseSchema,
  updateAllMessage,
} from '#contract/index';
import { currentUser } from '../accounts/request-user.ts';
import { signedInRoutes } from '../accounts/signed-in-routes.ts';
import type { LeaderboardService } from './leaderboard.service.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('leaderboard', 400, 401, 403, 404);

/** Standings are derived data: read endpoints only; they change through results and update-all. */
export async function leaderboardRoutes(app: FastifyInstance, { leaderboard }: { leaderboard: LeaderboardService }) {
  const routes = signedInRoutes(app, docs);

  routes.data('GET', '', 'Mi posición en cada quiniela en la que participo', MyStandingsResponseSchema, {}, (user) =>
    leaderboard.myPlaces(user),
  );

  routes.cached(
    '/pool/:id/ranking',
    'Clasificación de una quiniela (miembros; ETag, 304 si no cambió)',
    RankingResponseSchema,
    { params: IdParamsSchema },
    (user, { params }, seenAt) => leaderboard.ranking(user, params.id, seenAt),
  );

  routes.cached(
    '/pool/:id/round/:weekNumber',
    'Clasificación de una jornada, con sus ganadores (miembros; ETag, 304 si no cambió)',
    RoundRankingResponseSchema,
    { params: RoundParamsSchema },
    (user, { params }, seenAt) => leaderboard.roundRanking(user, params.id, params.weekNumber, seenAt),
  );

  routes.data(
    'GET',
    '/pool/:id/evolution',
    'Mi posición tras cada jornada jugada y los puntos del líder (miembros)',
    EvolutionResponseSchema,
    { params: IdParamsSchema },
    (user, { params }) => leaderboard.evolution(user, params.id),
  );

  routes.api.post('/update-all', {
    schema: docs.schema('Actualizar resultados y recalcular mis quinielas (creador; todas para un admin)', {
      200: UpdateAllResponseSchema,
      429: ApiErrorSchema,
      502: ApiErrorSchema,
    }),
    handler: async (request) => {
      const data = await leaderboard.updateAll(currentUser(request));
      return { message: updateAllMessage(data), data };
    },
  });
}
