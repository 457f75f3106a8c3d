import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateRoleBodySchema,
  IdParamsSchema,
  MessageResponseSchema,
  RoleListResponseSchema,
  roleMessages,
  RoleResponseSchema,
  UpdateRoleBodySchema,
} from '#contract/index';
import type { RolesService } from './roles.service.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('roles', 400, 401, 403, 404, 409);

export async function rolesRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

  api.get('', {
    onRequest: requireUser,
    schema: docs.schema('Lista de roles, con cuántas cuentas tiene cada uno', { 200: RoleListResponseSchema }),
    handler: async () => ({ data: await roles.list() }),
  });

  api.get('/:id', {
    onRequest: requireUser,
    schema: docs.schema('Un rol', { 200: RoleResponseSchema }, { params: IdParamsSchema }),
    handler: async (request) => ({ data: await roles.get(request.params.id) }),
  });

  api.post('', {
    onRequest: requireAdmin,
    schema: docs.schema('Crear un rol (admin)', { 201: RoleResponseSchema }, { body: CreateRoleBodySchema }),
    handler: async (request, reply) => reply.code(201).send({ data: await roles.create(request.body) }),
  });

  api.patch('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Editar un rol (admin); user y admin no se renombran (409)',
      { 200: RoleResponseSchema },
      { params: IdParamsSchema, body: UpdateRoleBodySchema },
    ),
    handler: async (request) => ({ data: await roles.update(request.params.id, request.body) }),
  });

  api.delete('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Eliminar un rol sin cuentas (admin); user y admin no se eliminan (409)',
      { 200: MessageResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => {
      await roles.remove(request.params.id);
      return { message: roleMessages.roleDeleted };
    },
  });
}
