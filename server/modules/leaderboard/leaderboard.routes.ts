import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { sendJsonReply } from '../../lib/json-reply.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { LeaderboardService } from './leaderboard.service.ts';
import { notModifiedResponse, routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('leaderboard', 400, 401, 403, 404);

/** Standings are derived data: read endpoints only; they change through results and update-all. */
export async function leaderboardRoutes(app: FastifyInstance, { leaderboard }: { leaderboard: LeaderboardService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);

  api.get('', {
    schema: docs.schema('Mi posición en cada quiniela en la que participo', { 200: MyStandingsResponseSchema }),
    handler: async (request) => ({ data: await leaderboard.myPlaces(currentUser(request)) }),
  });

  api.get('/pool/:id/ranking', {
    schema: docs.schema(
      'Clasificación de una quiniela (miembros; ETag, 304 si no cambió)',
      { 200: RankingResponseSchema, ...notModifiedResponse },
      { params: IdParamsSchema },
    ),
    handler: async (request, reply) => sendJsonReply(request, reply, await leaderboard.ranking(currentUser(request), request.params.id, request.seenAt)),
  });

  api.get('/pool/:id/round/:weekNumber', {
    schema: docs.schema(
      'Clasificación de una jornada, con sus ganadores (miembros; ETag, 304 si no cambió)',
      { 200: RoundRankingResponseSchema, ...notModifiedResponse },
      { params: RoundParamsSchema },
    ),
    handler: async (request, reply) =>
      sendJsonReply(
        request,
        reply,
        await leaderboard.roundRanking(currentUser(request), request.params.id, request.params.weekNumber, request.seenAt),
      ),
  });

  api.get('/pool/:id/evolution', {
    schema: docs.schema(
      'Mi posición tras cada jornada jugada y los puntos del líder (miembros)',
      { 200: EvolutionResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => ({ data: await leaderboard.evolution(currentUser(request), request.params.id) }),
  });

  api.post('/update-all', {
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
