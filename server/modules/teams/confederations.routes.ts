import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ConfederationBodySchema,
  ConfederationSchema,
  dataEnvelope,
  teamMessages,
  UpdateConfederationBodySchema,
  messages,
} from '#contract/index';
import { ConflictError, NotFoundError, isUniqueViolation } from '../../lib/errors.ts';
import type { ConfederationsRepository } from './confederations.repository.ts';
import { deleteUnreferenced, itemRoutes } from '../../lib/item-routes.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('confederations', 400, 401, 403, 404, 409);

export async function confederationsRoutes(
  app: FastifyInstance,
  { confederations }: { confederations: ConfederationsRepository },
) {
  const uniqueCode = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(teamMessages.confederationCodeTaken);
      throw error;
    }
  };
  const found = <T>(row: T | undefined): T => {
    if (!row) throw new NotFoundError(teamMessages.confederationNotFound);
    return row;
  };

  itemRoutes(app, docs, {
    list: {
      summary: 'Lista de confederaciones',
      answer: dataEnvelope(z.array(ConfederationSchema)),
      read: () => confederations.list(),
    },
    answer: dataEnvelope(ConfederationSchema),
    createBody: ConfederationBodySchema,
    updateBody: UpdateConfederationBodySchema,
    summaries: {
      get: 'Una confederación',
      create: 'Crear una confederación (admin)',
      update: 'Editar una confederación (admin)',
      remove: 'Eliminar una confederación sin equipos (admin)',
    },
    removed: messages.deleted,
    get: async (id) => found(await confederations.findById(id)),
    create: (body) => uniqueCode(() => confederations.insert(body)),
    update: async (id, body) => found(await uniqueCode(() => confederations.update(id, body))),
    remove: async (id) => {
      found(await confederations.findById(id));
      await deleteUnreferenced(await confederations.teamCount(id), () => confederations.delete(id), teamMessages.confederationHasTeams);
    },
  });
}
