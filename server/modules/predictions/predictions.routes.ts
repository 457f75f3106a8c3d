import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreatePredictionBodySchema,
  IdParamsSchema,
  JokerBodySchema,
  JornadaTableQuerySchema,
  JornadaTableResponseSchema,
  MessageResponseSchema,
  PickDistributionSchema,
  PoolMatchParamsSchema,
  PoolResultsParamsSchema,
  PoolResultsQuerySchema,
  PoolResultsResponseSchema,
  PredictionListResponseSchema,
  PredictionResponseSchema,
  PredictionSavedResponseSchema,
  UserIdParamsSchema,
  dataEnvelope,
} from '#contract/index';
import { sendJsonReply } from '../../lib/json-reply.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { PoolResultsService } from './pool-results.service.ts';
import type { PredictionsService } from './predictions.service.ts';
import { notModifiedResponse, routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('predictions', 400, 401, 403, 404, 409);

export async function predictionsRoutes(
  app: FastifyInstance,
  { predictions, poolResults }: { predictions: PredictionsService; poolResults: PoolResultsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);

  api.post('', {
    schema: docs.schema(
      'Enviar una predicción (participantes, antes del cierre del partido); 201 al crearla, 200 al cambiarla cuando la quiniela permite cambiar el pronóstico',
      { 201: PredictionSavedResponseSchema, 200: PredictionSavedResponseSchema },
      { body: CreatePredictionBodySchema },
    ),
    handler: async (request, reply) => {
      const { prediction, created, copies } = await predictions.create(currentUser(request), request.body);
      return reply.code(created ? 201 : 200).send({ data: prediction, ...(copies ? { copies } : {}) });
    },
  });

  api.get('', {
    schema: docs.schema('Mis predicciones (ETag, 304 si no cambiaron)', {
      200: PredictionListResponseSchema,
      ...notModifiedResponse,
    }),
    handler: async (request, reply) => {
      const user = currentUser(request);
      return sendJsonReply(request, reply, await predictions.listForUser(user, user.id, request.seenAt));
    },
  });

  api.get('/user/:userId', {
    schema: docs.schema(
      'Predicciones del usuario (solo el propio usuario; ETag, 304 si no cambiaron)',
      { 200: PredictionListResponseSchema, ...notModifiedResponse },
      { params: UserIdParamsSchema },
    ),
    handler: async (request, reply) =>
      sendJsonReply(request, reply, await predictions.listForUser(currentUser(request), request.params.userId, request.seenAt)),
  });

  api.get('/pool/:poolId/match/:matchId', {
    schema: docs.schema(
      'Cómo pronosticó la quiniela un partido (visible desde el inicio del partido)',
      { 200: dataEnvelope(PickDistributionSchema) },
      { params: PoolMatchParamsSchema },
    ),
    handler: async (request) => ({
      data: await predictions.distribution(currentUser(request), request.params.poolId, request.params.matchId),
    }),
  });

  api.get('/pool/:poolId/results', {
    schema: docs.schema(
      'Resultados de una jornada de la quiniela (miembros): marcadores, el pronóstico propio y sus puntos, y desde el inicio de cada partido los pronósticos de todos',
      { 200: PoolResultsResponseSchema },
      { params: PoolResultsParamsSchema, querystring: PoolResultsQuerySchema },
    ),
    handler: async (request) => ({
      data: await poolResults.results(currentUser(request), request.params.poolId, request.query.weekNumber),
    }),
  });

  api.get('/pool/:poolId/results/table', {
    schema: docs.schema(
      'La jornada en una tabla (miembros): los pronósticos de los jugadores, en el orden del ranking y de 50 en 50, de los partidos de la jornada que ya empezaron',
      { 200: JornadaTableResponseSchema },
      {
        params: PoolResultsParamsSchema,
        // A page of players: the answer stays the same size however many play.
        querystring: JornadaTableQuerySchema,
      },
    ),
    handler: async (request) => ({
      data: await poolResults.table(currentUser(request), request.params.poolId, request.query.weekNumber, request.query.offset),
    }),
  });

  api.put('/pool/:poolId/joker', {
    schema: docs.schema(
      'Poner o quitar el comodín en el pronóstico propio de un partido (participantes; uno por jornada, hasta el cierre de los pronósticos del partido y del que deja)',
      { 200: PredictionSavedResponseSchema },
      { params: PoolResultsParamsSchema, body: JokerBodySchema },
    ),
    handler: async (request) => {
      const { prediction, copies } = await predictions.setJoker(currentUser(request), request.params.poolId, request.body);
      return { data: prediction, ...(copies ? { copies } : {}) };
    },
  });

  api.get('/:id', {
    schema: docs.schema('Una predicción', { 200: PredictionResponseSchema }, { params: IdParamsSchema }),
    handler: async (request) => ({ data: await predictions.get(currentUser(request), request.params.id) }),
  });

  api.delete('/:id', {
    schema: docs.schema(
      'Eliminar una predicción (admin; recalcula la clasificación)',
      { 200: MessageResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => {
      await predictions.remove(currentUser(request), request.params.id);
      return { message: 'Predicción eliminada.' };
    },
  });
}
