import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  BonusAnswerSchema,
  BonusBoardResponseSchema,
  BonusParamsSchema,
  BonusQuestionBodySchema,
  BonusQuestionResponseSchema,
  BonusSettleBodySchema,
  bonusMessages,
  IdParamsSchema,
  MessageResponseSchema,
  type BonusQuestion,
  type UserProfile,
} from '#contract/index';
import { routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { BonusService } from './bonus.service.ts';

const docs = routeDocs('pools', 400, 401, 403, 404, 409);
const ofQuestion = { 200: BonusQuestionResponseSchema };

/**
 * A pool's "Preguntas extra": its members read them (others' answers once each closes), its participants answer,
 * its creator and admins add, change, delete and settle them. 404 for anyone outside the pool.
 */
export async function bonusRoutes(app: FastifyInstance, { bonus }: { bonus: BonusService }) {
  app.addHook('onRequest', app.guards.requireUser);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/:id/bonus',
    {
      schema: docs.schema(
        'Las preguntas extra de la quiniela (miembros, su creador y admins): la respuesta propia y, cuando cierra cada una, las de todos por nombre',
        { 200: BonusBoardResponseSchema },
        { params: IdParamsSchema },
      ),
    },
    async (request) => ({ data: await bonus.board(currentUser(request), request.params.id) }),
  );
  api.post(
    '/:id/bonus',
    {
      schema: docs.schema(
        'Añadir una pregunta extra (creador o admin): de plantilla (solo LaLiga) o libre; cierra por defecto en el primer partido de la quiniela',
        { 201: BonusQuestionResponseSchema },
        { params: IdParamsSchema, body: BonusQuestionBodySchema },
      ),
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await bonus.add(currentUser(request), request.params.id, request.body) };
    },
  );
  // The writes on one question answer it as the caller then sees it: the organiser's change, a player's answer, the
  // organiser's settling of a free one.
  const onQuestion = <Body extends z.ZodType>(
    suffix: string,
    summary: string,
    body: Body,
    run: (actor: UserProfile, poolId: number, questionId: number, body: z.infer<Body>) => Promise<BonusQuestion>,
  ) =>
    api.route({
      method: 'PUT',
      url: `/:id/bonus/:questionId${suffix}`,
      schema: docs.schema(summary, ofQuestion, { params: BonusParamsSchema, body }),
      handler: async (request) => ({
        data: await run(
          currentUser(request),
          request.params.id,
          request.params.questionId,
          request.body as z.infer<Body>,
        ),
      }),
    });
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
  api.delete(
    '/:id/bonus/:questionId',
    {
      schema: docs.schema(
        'Borrar una pregunta extra antes de que cierre (creador o admin), con sus respuestas',
        { 200: MessageResponseSchema },
        { params: BonusParamsSchema },
      ),
    },
    async (request) => {
      await bonus.remove(currentUser(request), request.params.id, request.params.questionId);
      return { message: bonusMessages.removed };
    },
  );
}
