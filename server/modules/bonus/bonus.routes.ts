import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BonusAnswerSchema,
  BonusAnswersPageResponseSchema,
  BonusAnswersQuerySchema,
  BonusBoardResponseSchema,
  BonusParamsSchema,
  BonusQuestionBodySchema,
  BonusQuestionResponseSchema,
  BonusSettleBodySchema,
  bonusMessages,
  IdParamsSchema,
  type BonusQuestion,
  type UserProfile,
} from '#contract/index';
import { routeDocs } from '../../lib/route-docs.ts';
import { signedInRoutes } from '../accounts/signed-in-routes.ts';
import type { BonusService } from './bonus.service.ts';

const docs = routeDocs('pools', 400, 401, 403, 404, 409);

/**
 * A pool's "Preguntas extra": its members read them (others' answers once each closes), its participants answer,
 * its creator and admins add, change, delete and settle them. 404 for anyone outside the pool.
 */
export async function bonusRoutes(app: FastifyInstance, { bonus }: { bonus: BonusService }) {
  const routes = signedInRoutes(app, docs);

  routes.data(
    'GET',
    '/:id/bonus',
    'Las preguntas extra de la quiniela (miembros, su creador y admins): la respuesta propia y, cuando cierra cada una, las de todos por nombre',
    BonusBoardResponseSchema,
    { params: IdParamsSchema },
    (user, { params }) => bonus.board(user, params.id),
  );
  routes.data(
    'GET',
    '/:id/bonus/:questionId/answers',
    'Las respuestas de todos por nombre a una pregunta ya cerrada, por páginas (limit, offset): las siguientes a las que trae la lista de preguntas',
    BonusAnswersPageResponseSchema,
    { params: BonusParamsSchema, querystring: BonusAnswersQuerySchema },
    (user, { params, query }) => bonus.answersPage(user, params.id, params.questionId, query),
  );
  routes.created(
    'POST',
    '/:id/bonus',
    'Añadir una pregunta extra (creador o admin): de plantilla (solo LaLiga) o libre; cierra por defecto en el primer partido de la quiniela',
    BonusQuestionResponseSchema,
    { params: IdParamsSchema, body: BonusQuestionBodySchema },
    (user, { params, body }) => bonus.add(user, params.id, body),
  );
  // The writes on one question answer it as the caller then sees it: the organiser's change, a player's answer, the
  // organiser's settling of a free one.
  const onQuestion = <Body extends z.ZodType>(
    suffix: string,
    summary: string,
    body: Body,
    run: (actor: UserProfile, poolId: number, questionId: number, body: z.infer<Body>) => Promise<BonusQuestion>,
  ) =>
    routes.data(
      'PUT',
      `/:id/bonus/:questionId${suffix}`,
      summary,
      BonusQuestionResponseSchema,
      { params: BonusParamsSchema, body },
      (user, input) => run(user, input.params.id, input.params.questionId, input.body),
    );
  onQuestion(
    '',
    'Cambiar una pregunta extra antes de que cierre (creador o admin)',
    BonusQuestionBodySchema,
    (...args) => bonus.change(...args),
  );
  onQuestion('/answer', 'Responder una pregunta extra hasta que cierre (participantes)', BonusAnswerSchema, (...args) =>
    bonus.answer(...args),
  );
  onQuestion(
    '/settle',
    'Resolver a mano una pregunta libre ya cerrada (creador o admin): las respuestas correctas; se puede corregir',
    BonusSettleBodySchema,
    (actor, poolId, questionId, { texts }) => bonus.settle(actor, poolId, questionId, texts),
  );
  routes.done(
    'DELETE',
    '/:id/bonus/:questionId',
    'Borrar una pregunta extra antes de que cierre (creador o admin), con sus respuestas',
    { params: BonusParamsSchema },
    bonusMessages.removed,
    (user, { params }) => bonus.remove(user, params.id, params.questionId),
  );
}
