import type { FastifyInstance } from 'fastify';
import {
  CreatePredictionBodySchema,
  IdParamsSchema,
  JokerBodySchema,
  JornadaTableQuerySchema,
  JornadaTableResponseSchema,
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
  type CopyReport,
  type Prediction,
} from '#contract/index';
import { currentUser } from '../accounts/request-user.ts';
import { signedInRoutes } from '../accounts/signed-in-routes.ts';
import type { PoolResultsService } from './pool-results.service.ts';
import type { PredictionsService } from './predictions.service.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('predictions', 400, 401, 403, 404, 409);

/** A saved pick or comodín as answered: the prediction, and its copies where there were any to make. */
const saved = ({ prediction, copies }: { prediction: Prediction; copies?: CopyReport[] }) => ({
  data: prediction,
  ...(copies ? { copies } : {}),
});

export async function predictionsRoutes(
  app: FastifyInstance,
  { predictions, poolResults }: { predictions: PredictionsService; poolResults: PoolResultsService },
) {
  const routes = signedInRoutes(app, docs);

  routes.api.post('', {
    schema: docs.schema(
      'Enviar una predicción (participantes, antes del cierre del partido); 201 al crearla, 200 al cambiarla cuando la quiniela permite cambiar el pronóstico',
      { 201: PredictionSavedResponseSchema, 200: PredictionSavedResponseSchema },
      { body: CreatePredictionBodySchema },
    ),
    handler: async (request, reply) => {
      const { created, ...result } = await predictions.create(currentUser(request), request.body);
      return reply.code(created ? 201 : 200).send(saved(result));
    },
  });

  routes.cached(
    '',
    'Mis predicciones (ETag, 304 si no cambiaron)',
    PredictionListResponseSchema,
    {},
    (user, _input, seenAt) => predictions.listForUser(user, user.id, seenAt),
  );

  routes.cached(
    '/user/:userId',
    'Predicciones del usuario (solo el propio usuario; ETag, 304 si no cambiaron)',
    PredictionListResponseSchema,
    { params: UserIdParamsSchema },
    (user, { params }, seenAt) => predictions.listForUser(user, params.userId, seenAt),
  );

  routes.data(
    'GET',
    '/pool/:poolId/match/:matchId',
    'Cómo pronosticó la quiniela un partido (visible desde el inicio del partido)',
    dataEnvelope(PickDistributionSchema),
    { params: PoolMatchParamsSchema },
    (user, { params }) => predictions.distribution(user, params.poolId, params.matchId),
  );

  routes.data(
    'GET',
    '/pool/:poolId/results',
    'Resultados de una jornada de la quiniela (miembros): marcadores, el pronóstico propio y sus puntos, y desde el inicio de cada partido los pronósticos de todos',
    PoolResultsResponseSchema,
    { params: PoolResultsParamsSchema, querystring: PoolResultsQuerySchema },
    (user, { params, query }) => poolResults.results(user, params.poolId, query.weekNumber),
  );

  routes.data(
    'GET',
    '/pool/:poolId/results/table',
    'La jornada en una tabla (miembros): los pronósticos de los jugadores, en el orden del ranking y de 50 en 50, de los partidos de la jornada que ya empezaron',
    JornadaTableResponseSchema,
    {
      params: PoolResultsParamsSchema,
      // A page of players: the answer stays the same size however many play.
      querystring: JornadaTableQuerySchema,
    },
    (user, { params, query }) => poolResults.table(user, params.poolId, query.weekNumber, query.offset),
  );

  routes.answer(
    'PUT',
    '/pool/:poolId/joker',
    'Poner o quitar el comodín en el pronóstico propio de un partido (participantes; uno por jornada, hasta el cierre de los pronósticos del partido y del que deja)',
    PredictionSavedResponseSchema,
    { params: PoolResultsParamsSchema, body: JokerBodySchema },
    async (user, { params, body }) => saved(await predictions.setJoker(user, params.poolId, body)),
  );

  routes.data(
    'GET',
    '/:id',
    'Una predicción',
    PredictionResponseSchema,
    { params: IdParamsSchema },
    (user, { params }) => predictions.get(user, params.id),
  );

  routes.done(
    'DELETE',
    '/:id',
    'Eliminar una predicción (admin; recalcula la clasificación)',
    { params: IdParamsSchema },
    'Predicción eliminada.',
    (user, { params }) => predictions.remove(user, params.id),
  );
}
