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

const { tags, security, errors } = routeDocs('roles', 400, 401, 403, 404, 409);

export async function rolesRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

  api.get('', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Lista de roles, con cuántas cuentas tiene cada uno',
      response: { 200: RoleListResponseSchema, ...errors },
    },
    handler: async () => ({ data: await roles.list() }),
  });

  api.get('/:id', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Un rol',
      params: IdParamsSchema,
      response: { 200: RoleResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await roles.get(request.params.id) }),
  });

  api.post('', {
    onRequest: requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Crear un rol (admin)',
      body: CreateRoleBodySchema,
      response: { 201: RoleResponseSchema, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send({ data: await roles.create(request.body) }),
  });

  api.patch('/:id', {
    onRequest: requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Editar un rol (admin); user y admin no se renombran (409)',
      params: IdParamsSchema,
      body: UpdateRoleBodySchema,
      response: { 200: RoleResponseSchema, ...errors },
    },
    handler: async (request) => ({ data: await roles.update(request.params.id, request.body) }),
  });

  api.delete('/:id', {
    onRequest: requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Eliminar un rol sin cuentas (admin); user y admin no se eliminan (409)',
      params: IdParamsSchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await roles.remove(request.params.id);
      return { message: roleMessages.roleDeleted };
    },
  });
}
