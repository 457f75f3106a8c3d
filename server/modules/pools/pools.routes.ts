import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CreatePoolBodySchema,
  IdParamsSchema,
  PoolInvitationEmailsBodySchema,
  InvitationCodeParamsSchema,
  JoinPoolBodySchema,
  JoinPoolResponseSchema,
  MessageResponseSchema,
  ParticipantsResponseSchema,
  PoolListResponseSchema,
  PoolPageQuerySchema,
  PoolInvitationResponseSchema,
  PoolPageResponseSchema,
  PoolResponseSchema,
  PoolUserParamsSchema,
  PoolDetailResponseSchema,
  PoolNoticesResponseSchema,
  PoolRulesBodySchema,
  UpdatePoolBodySchema,
  UserIdParamsSchema,
  poolMessages,
  poolOptionsMessages,
  messages,
} from '#contract/index';
import { sendJsonReply } from '../../lib/json-reply.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { PoolsService } from './pools.service.ts';
import { notModifiedResponse, routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('pools', 400, 401, 403, 404, 409, 429);

export async function poolsRoutes(app: FastifyInstance, { pools }: { pools: PoolsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.guards.requireUser);

  api.post('', {
    schema: docs.schema(
      'Crear una quiniela (creatorId = usuario con sesión)',
      { 201: PoolResponseSchema },
      { body: CreatePoolBodySchema },
    ),
    handler: async (request, reply) => reply.code(201).send({ data: await pools.create(currentUser(request), request.body) }),
  });

  api.post('/join', {
    schema: docs.schema(
      'Unirse a una quiniela con su código de invitación',
      { 200: JoinPoolResponseSchema, 429: ApiErrorSchema },
      { body: JoinPoolBodySchema },
    ),
    handler: async (request) => ({
      message: poolMessages.joined,
      data: await pools.join(currentUser(request), request.body, request.ip),
    }),
  });

  api.get('/invitation/:invitationCode', {
    schema: {
      tags: docs.tags,
      security: docs.security,
      summary:
        'Qué quiniela abre un código de invitación, antes de unirse (cualquier usuario con sesión que tenga el código; un código que no existe cuenta para el mismo límite de códigos incorrectos que unirse)',
      params: InvitationCodeParamsSchema,
      response: {
        200: PoolInvitationResponseSchema,
        400: ApiErrorSchema,
        401: ApiErrorSchema,
        404: ApiErrorSchema,
        429: ApiErrorSchema,
      },
    },
    handler: async (request) => ({
      data: await pools.invitation(currentUser(request), request.params.invitationCode, request.ip),
    }),
  });

  api.get('', {
    schema: {
      tags: docs.tags,
      security: docs.security,
      summary: 'Quinielas visibles: las creadas y unidas (todas para un admin), de la más nueva a la más antigua, por páginas (limit, offset)',
      querystring: PoolPageQuerySchema,
      response: { 200: PoolPageResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
    },
    handler: async (request) => ({ data: await pools.listVisible(currentUser(request), request.query) }),
  });

  // A user's two lists of pools are read and answered alike.
  const userLists = [
    ['joined', 'Quinielas en las que participa el usuario (ETag, 304 si no cambiaron)', 'listJoined'],
    ['owned', 'Quinielas creadas por el usuario (ETag, 304 si no cambiaron)', 'listOwned'],
  ] as const;
  for (const [list, summary, read] of userLists) {
    api.get(`/user/:userId/${list}`, {
      schema: docs.schema(
        summary,
        { 200: PoolListResponseSchema, ...notModifiedResponse },
        { params: UserIdParamsSchema },
      ),
      handler: async (request, reply) =>
        sendJsonReply(request, reply, await pools[read](currentUser(request), request.params.userId, request.seenAt)),
    });
  }

  api.get('/notices', {
    schema: {
      tags: docs.tags,
      security: docs.security,
      summary: 'Avisos del usuario con sesión: de qué quinielas le han quitado',
      response: { 200: PoolNoticesResponseSchema, 401: ApiErrorSchema },
    },
    handler: async (request) => ({ data: { notices: await pools.notices(currentUser(request)) } }),
  });

  api.delete('/notices/:id', {
    schema: docs.schema(
      'Descartar un aviso propio (solo el usuario al que va dirigido)',
      { 200: MessageResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => {
      await pools.dismissNotice(currentUser(request), request.params.id);
      return { message: messages.deleted };
    },
  });

  api.get('/:id', {
    schema: docs.schema(
      'Detalle de una quiniela con sus opciones y si ha empezado (miembros y creador; ETag, 304 si no cambió)',
      { 200: PoolDetailResponseSchema, ...notModifiedResponse },
      { params: IdParamsSchema },
    ),
    handler: async (request, reply) => sendJsonReply(request, reply, await pools.get(currentUser(request), request.params.id, request.seenAt)),
  });

  api.get('/:id/participants/:userId', {
    schema: docs.schema(
      'Participantes (solo el creador)',
      { 200: ParticipantsResponseSchema },
      { params: PoolUserParamsSchema },
    ),
    handler: async (request) => ({
      data: { participants: await pools.participants(currentUser(request), request.params.id, request.params.userId) },
    }),
  });

  api.put('/:id/rules', {
    schema: docs.schema(
      'Cambiar las reglas (opciones) de una quiniela (creador o admin), hasta el inicio de su primer partido',
      { 200: PoolResponseSchema },
      { params: IdParamsSchema, body: PoolRulesBodySchema },
    ),
    handler: async (request) => ({ data: await pools.updateRules(currentUser(request), request.params.id, request.body) }),
  });

  api.delete('/:id/participants/:userId', {
    schema: docs.schema(
      'Quitar a un participante (creador o admin): sus pronósticos salen de la clasificación y se le avisa',
      { 200: MessageResponseSchema },
      { params: PoolUserParamsSchema },
    ),
    handler: async (request) => {
      await pools.removeParticipant(currentUser(request), request.params.id, request.params.userId);
      return { message: poolOptionsMessages.participantRemoved };
    },
  });

  api.patch('/:id', {
    schema: docs.schema(
      'Editar una quiniela (creador o admin)',
      { 200: PoolResponseSchema },
      { params: IdParamsSchema, body: UpdatePoolBodySchema },
    ),
    handler: async (request) => ({ data: await pools.update(currentUser(request), request.params.id, request.body) }),
  });

  api.post('/:id/invitations', {
    schema: docs.schema(
      '«Invitar por correo» (creador o admin): el enlace de invitación a 1–20 correos, con el nombre de la quiniela y el de quien invita; mientras admite miembros nuevos (409); un límite de correos por usuario y día (429); 409 si el servidor no envía correos',
      { 202: MessageResponseSchema },
      { params: IdParamsSchema, body: PoolInvitationEmailsBodySchema },
    ),
    handler: async (request, reply) =>
      reply.code(202).send({ message: await pools.inviteByEmail(currentUser(request), request.params.id, request.body.emails) }),
  });

  api.delete('/:id', {
    schema: docs.schema(
      'Eliminar una quiniela y sus participaciones (creador o admin)',
      { 200: MessageResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => {
      await pools.remove(currentUser(request), request.params.id);
      return { message: poolMessages.deleted };
    },
  });
}
