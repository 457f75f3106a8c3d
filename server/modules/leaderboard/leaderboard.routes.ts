import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { routeDocs } from '../../lib/route-docs.ts';

const { tags, security, errors } = routeDocs('leaderboard', 400, 401, 403, 404);

/** Standings are derived data: read endpoints only; they change through results and update-all. */
export async function leaderboardRoutes(app: FastifyInstance, { leaderboard }: { leaderboard: LeaderboardService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);

  api.get('', {
    schema: { tags, security, summary: 'Mi posición en cada quiniela en la que participo', response: { 200: MyStandingsResponseSchema, ...errors } },
    handler: async (request) => ({ data: await leaderboard.myPlaces(currentUser(request)) }),
  });

  api.get('/pool/:id/ranking', {
    schema: {
      tags,
      security,
      summary: 'Clasificación de una quiniela (miembros; ETag, 304 si no cambió)',
      params: IdParamsSchema,
      response: { 200: RankingResponseSchema, 304: z.null().describe('Sin cambios'), ...errors },
    },
    handler: async (request, reply) => sendJsonReply(request, reply, await leaderboard.ranking(currentUser(request), request.params.id, request.seenAt)),
  });

  api.get('/pool/:id/round/:weekNumber', {
    schema: {
      tags,
      security,
      summary: 'Clasificación de una jornada, con sus ganadores (miembros; ETag, 304 si no cambió)',
      params: RoundParamsSchema,
      response: { 200: RoundRankingResponseSchema, 304: z.null().describe('Sin cambios'), ...errors },
    },
    handler: async (request, reply) =>
      sendJsonReply(
        request,
        reply,
        await leaderboard.roundRanking(currentUser(request), request.params.id, request.params.weekNumber, request.seenAt),
      ),
  });

  api.get('/pool/:id/evolution', {
    schema: {
      tags,
      security,
      summary: 'Mi posición tras cada jornada jugada y los puntos del líder (miembros)',
      params: IdParamsSchema,
      response: { 200: EvolutionResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await leaderboard.evolution(currentUser(request), request.params.id) }),
  });

  api.post('/update-all', {
    schema: {
      tags,
      security,
      summary: 'Actualizar resultados y recalcular mis quinielas (creador; todas para un admin)',
      response: { 200: UpdateAllResponseSchema, ...errors, 429: ApiErrorSchema, 502: ApiErrorSchema },
    },
    handler: async (request) => {
      const data = await leaderboard.updateAll(currentUser(request));
      return { message: updateAllMessage(data), data };
    },
  });
}
