import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountMessages,
  AdminPasswordResetResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  SetUserRoleBodySchema,
  UpdateUserBodySchema,
  UpdateUserResponseSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
} from '#contract/index';
import { messages } from '#contract/messages';
import { ForbiddenError } from '../../lib/errors.ts';
import { currentUser } from './request-user.ts';
import type { AccountLinksService } from './account-links.service.ts';
import type { UsersService } from './users.service.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('users', 400, 401, 403, 404, 409, 429);

/** Accounts: a user reads and edits only themselves; admins everyone, and they alone change roles. */
export async function usersRoutes(app: FastifyInstance, { users, links }: { users: UsersService; links: AccountLinksService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

  api.get('', {
    onRequest: requireUser,
    schema: docs.schema(
      'Lista de usuarios (admin: todos, con búsqueda «q» y paginación; un usuario: solo él mismo)',
      { 200: UserListResponseSchema },
      { querystring: UserListQuerySchema },
    ),
    handler: async (request) => ({ data: await users.list(currentUser(request), request.query) }),
  });

  api.get('/:id', {
    onRequest: requireUser,
    schema: docs.schema('Un usuario (él mismo o admin)', { 200: UserResponseSchema }, { params: IdParamsSchema }),
    handler: async (request) => ({ data: await users.get(currentUser(request), request.params.id) }),
  });

  api.patch('/:id', {
    onRequest: requireUser,
    schema: docs.schema(
      'Editar nombre y correo electrónico (él mismo o admin). El correo propio cambia al abrir el enlace enviado a la nueva dirección (`message`), la tenga otra cuenta o no; sin correo en el servidor, 409; con un límite por hora (429). Un admin lo cambia al momento (409 si es de otra cuenta)',
      { 200: UpdateUserResponseSchema },
      { params: IdParamsSchema, body: UpdateUserBodySchema },
    ),
    handler: async (request) => {
      const { user, message } = await users.update(currentUser(request), request.params.id, request.body);
      return { data: user, ...(message ? { message } : {}) };
    },
  });

  api.post('/:id/email-confirmation', {
    onRequest: requireUser,
    schema: docs.schema(
      'Reenviar el enlace para confirmar el correo propio (él mismo); 409 si ya está confirmado o el servidor no envía correos; cuenta como un cambio de correo (429)',
      { 202: MessageResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request, reply) => {
      const actor = currentUser(request);
      if (actor.id !== request.params.id) throw new ForbiddenError(messages.forbidden);
      return reply.code(202).send({ message: await links.resendConfirmation(actor) });
    },
  });

  api.post('/:id/password-reset', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Enlace para elegir una contraseña nueva (admin): se envía por correo a la cuenta; en un servidor sin correo, la respuesta trae el enlace (de un solo uso, 30 minutos) para entregarlo',
      { 200: AdminPasswordResetResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: (request) => links.adminResetLink(request.params.id),
  });

  api.put('/:id/role', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Dar o quitar el rol de administrador (admin); nadie se quita su propio rol (409)',
      { 200: UserResponseSchema.extend({ message: MessageResponseSchema.shape.message }) },
      { params: IdParamsSchema, body: SetUserRoleBodySchema },
    ),
    handler: async (request) => ({
      message: accountMessages.roleChanged,
      data: await users.setRole(currentUser(request), request.params.id, request.body.role),
    }),
  });

  api.delete('/:id', {
    onRequest: requireUser,
    schema: docs.schema(
      'Eliminar una cuenta (ella misma o admin)',
      { 200: MessageResponseSchema },
      {
        description:
          'Borra en cascada sesiones, llaves de acceso, suscripciones push, recordatorios, pronósticos, clasificaciones y plazas ' +
          '(devueltas a cada quiniela). 409 si la cuenta creó quinielas con participantes o si un admin intenta borrar su propia cuenta.',
        params: IdParamsSchema,
      },
    ),
    handler: async (request) => {
      await users.remove(currentUser(request), request.params.id);
      return { message: accountMessages.userDeleted };
    },
  });
}
