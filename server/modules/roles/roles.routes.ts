import type { FastifyInstance } from 'fastify';
import {
  CreateRoleBodySchema,
  RoleListResponseSchema,
  roleMessages,
  RoleResponseSchema,
  UpdateRoleBodySchema,
} from '#contract/index';
import type { RolesService } from './roles.service.ts';
import { itemRoutes } from '../../lib/item-routes.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('roles', 400, 401, 403, 404, 409);

export async function rolesRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  itemRoutes(app, docs, {
    list: {
      summary: 'Lista de roles, con cuántas cuentas tiene cada uno',
      answer: RoleListResponseSchema,
      read: () => roles.list(),
    },
    answer: RoleResponseSchema,
    createBody: CreateRoleBodySchema,
    updateBody: UpdateRoleBodySchema,
    summaries: {
      get: 'Un rol',
      create: 'Crear un rol (admin)',
      update: 'Editar un rol (admin); user y admin no se renombran (409)',
      remove: 'Eliminar un rol sin cuentas (admin); user y admin no se eliminan (409)',
    },
    removed: roleMessages.roleDeleted,
    get: (id) => roles.get(id),
    create: (body) => roles.create(body),
    update: (id, body) => roles.update(id, body),
    remove: (id) => roles.remove(id),
  });
}
