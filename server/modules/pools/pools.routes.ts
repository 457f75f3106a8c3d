import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { z } from 'zod';
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
  type Pool,
  type UserProfile,
} from '#contract/index';
import { currentUser } from '../accounts/request-user.ts';
import { signedInRoutes } from '../accounts/signed-in-routes.ts';
import type { PoolsService } from './pools.service.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('pools', 400, 401, 403, 404, 409, 429);

export async function poolsRoutes(app: FastifyInstance, { pools }: { pools: PoolsService }) {
  const routes = signedInRoutes(app, docs);
  const { api } = routes;

  routes.created(
    'POST',
    '',
    'Crear una quiniela (creatorId = usuario con sesión)',
    PoolResponseSchema,
    { body: CreatePoolBodySchema },
    (user, { body }) => pools.create(user, body),
  );

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
    routes.cached(
      `/user/:userId/${list}`,
      summary,
      PoolListResponseSchema,
      { params: UserIdParamsSchema },
      (user, { params }, seenAt) => pools[read](user, params.userId, seenAt),
    );
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

  routes.done(
    'DELETE',
    '/notices/:id',
    'Descartar un aviso propio (solo el usuario al que va dirigido)',
    { params: IdParamsSchema },
    messages.deleted,
    (user, { params }) => pools.dismissNotice(user, params.id),
  );

  routes.cached(
    '/:id',
    'Detalle de una quiniela con sus opciones y si ha empezado (miembros y creador; ETag, 304 si no cambió)',
    PoolDetailResponseSchema,
    { params: IdParamsSchema },
    (user, { params }, seenAt) => pools.get(user, params.id, seenAt),
  );

  routes.data(
    'GET',
    '/:id/participants/:userId',
    'Participantes (solo el creador)',
    ParticipantsResponseSchema,
    { params: PoolUserParamsSchema },
    async (user, { params }) => ({ participants: await pools.participants(user, params.id, params.userId) }),
  );

  // A pool's two edits by its creator or an admin, its rules and its name and settings, answer it as it then is.
  const edit = <Body extends z.ZodType>(
    method: HTTPMethods,
    url: string,
    summary: string,
    body: Body,
    work: (user: UserProfile, poolId: number, body: z.output<Body>) => Promise<Pool>,
  ) =>
    routes.data(method, url, summary, PoolResponseSchema, { params: IdParamsSchema, body }, (user, input) =>
      work(user, input.params.id, input.body),
    );
  edit(
    'PUT',
    '/:id/rules',
    'Cambiar las reglas (opciones) de una quiniela (creador o admin), hasta el inicio de su primer partido',
    PoolRulesBodySchema,
    (user, poolId, body) => pools.updateRules(user, poolId, body),
  );

  routes.done(
    'DELETE',
    '/:id/participants/:userId',
    'Quitar a un participante (creador o admin): sus pronósticos salen de la clasificación y se le avisa',
    { params: PoolUserParamsSchema },
    poolOptionsMessages.participantRemoved,
    (user, { params }) => pools.removeParticipant(user, params.id, params.userId),
  );

  edit('PATCH', '/:id', 'Editar una quiniela (creador o admin)', UpdatePoolBodySchema, (user, poolId, body) =>
    pools.update(user, poolId, body),
  );

  routes.accepted(
    'POST',
    '/:id/invitations',
    '«Invitar por correo» (creador o admin): el enlace de invitación a 1–20 correos, con el nombre de la quiniela y el de quien invita; mientras admite miembros nuevos (409); un límite de correos por usuario y día (429); 409 si el servidor no envía correos',
    MessageResponseSchema,
    { params: IdParamsSchema, body: PoolInvitationEmailsBodySchema },
    async (user, { params, body }) => ({ message: await pools.inviteByEmail(user, params.id, body.emails) }),
  );

  routes.done(
    'DELETE',
    '/:id',
    'Eliminar una quiniela y sus participaciones (creador o admin)',
    { params: IdParamsSchema },
    poolMessages.deleted,
    (user, { params }) => pools.remove(user, params.id),
  );
}
