import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountMessages,
  IdParamsSchema,
  MessageResponseSchema,
  SetUserRoleBodySchema,
  UpdateUserBodySchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
} from '#contract/index';
import { currentUser } from './request-user.ts';
import type { UsersService } from './users.service.ts';
import { bearerSecurity, errorResponses } from '../../lib/route-docs.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['users'];
const security = bearerSecurity;

/** Accounts: a user reads and edits only themselves; admins everyone, and they alone change roles. */
export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

  api.get('', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Lista de usuarios (admin: todos, con búsqueda «q» y paginación; un usuario: solo él mismo)',
      querystring: UserListQuerySchema,
      response: { 200: UserListResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await users.list(currentUser(request), request.query) }),
  });

  api.get('/:id', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Un usuario (él mismo o admin)',
      params: IdParamsSchema,
      response: { 200: UserResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await users.get(currentUser(request), request.params.id) }),
  });

  api.patch('/:id', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        'Editar nombre y correo electrónico (él mismo o admin); el correo es único (409); los cambios de correo de un usuario tienen un límite por hora (429)',
      params: IdParamsSchema,
      body: UpdateUserBodySchema,
      response: { 200: UserResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await users.update(currentUser(request), request.params.id, request.body) }),
  });

  api.put('/:id/role', {
    onRequest: requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Dar o quitar el rol de administrador (admin); nadie se quita su propio rol (409)',
      params: IdParamsSchema,
      body: SetUserRoleBodySchema,
      response: { 200: UserResponseSchema.extend({ message: MessageResponseSchema.shape.message }), ...errors },
    },
    handler: async (request) => ({
      message: accountMessages.roleChanged,
      data: await users.setRole(currentUser(request), request.params.id, request.body.role),
    }),
  });

  api.delete('/:id', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Eliminar una cuenta (ella misma o admin)',
      description:
        'Borra en cascada sesiones, llaves de acceso, suscripciones push, recordatorios, pronósticos, clasificaciones y plazas ' +
        '(devueltas a cada quiniela). 409 si la cuenta creó quinielas con participantes o si un admin intenta borrar su propia cuenta.',
      params: IdParamsSchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await users.remove(currentUser(request), request.params.id);
      return { message: accountMessages.userDeleted };
    },
  });
}
