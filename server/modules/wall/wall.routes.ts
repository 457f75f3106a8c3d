import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateWallMessageBodySchema,
  MessageResponseSchema,
  WallMessageParamsSchema,
  WallMessageResponseSchema,
  WallPageResponseSchema,
  WallParamsSchema,
  WallQuerySchema,
  wallMessages,
} from '#contract/index';
import { routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { WallService } from './wall.service.ts';

const docs = routeDocs('wall', 400, 401, 403, 404, 409, 429);

/** The pool's wall ("Muro") under /api/pools/{poolId}/messages. */
export async function wallRoutes(app: FastifyInstance, { wall }: { wall: WallService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);

  api.get('/:poolId/messages', {
    schema: docs.schema(
      'Muro de la quiniela (miembros): los mensajes más recientes, del más antiguo al más nuevo; con matchId, los comentarios de ese partido',
      { 200: WallPageResponseSchema },
      { params: WallParamsSchema, querystring: WallQuerySchema },
    ),
    handler: async (request) => ({ data: await wall.list(currentUser(request), request.params.poolId, request.query) }),
  });

  api.post('/:poolId/messages', {
    schema: docs.schema(
      'Escribir en el muro de la quiniela (miembros; hasta 500 caracteres, con un límite por minuto), o comentar un partido suyo ya empezado',
      { 201: WallMessageResponseSchema },
      { params: WallParamsSchema, body: CreateWallMessageBodySchema },
    ),
    handler: async (request, reply) =>
      reply.code(201).send({ data: await wall.post(currentUser(request), request.params.poolId, request.body) }),
  });

  api.delete('/:poolId/messages/:messageId', {
    schema: docs.schema(
      'Borrar un mensaje del muro (su autor, el creador de la quiniela o un admin)',
      { 200: MessageResponseSchema },
      { params: WallMessageParamsSchema },
    ),
    handler: async (request) => {
      await wall.delete(currentUser(request), request.params.poolId, request.params.messageId);
      return { message: wallMessages.deleted };
    },
  });
}
