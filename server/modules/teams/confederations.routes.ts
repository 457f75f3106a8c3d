import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfederationBodySchema,
  ConfederationSchema,
  dataEnvelope,
  IdParamsSchema,
  MessageResponseSchema,
  teamMessages,
  UpdateConfederationBodySchema,
  messages,
} from '#contract/index';
import { ConflictError, NotFoundError, isForeignKeyViolation, isUniqueViolation } from '../../lib/errors.ts';
import type { ConfederationsRepository } from './confederations.repository.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('confederations', 400, 401, 403, 404, 409);

export async function confederationsRoutes(
  app: FastifyInstance,
  { confederations }: { confederations: ConfederationsRepository },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

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

  api.get('', {
    onRequest: requireUser,
    schema: docs.schema('Lista de confederaciones', { 200: dataEnvelope(z.array(ConfederationSchema)) }),
    handler: async () => ({ data: await confederations.list() }),
  });

  api.get('/:id', {
    onRequest: requireUser,
    schema: docs.schema('Una confederación', { 200: dataEnvelope(ConfederationSchema) }, { params: IdParamsSchema }),
    handler: async (request) => ({ data: found(await confederations.findById(request.params.id)) }),
  });

  api.post('', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Crear una confederación (admin)',
      { 201: dataEnvelope(ConfederationSchema) },
      { body: ConfederationBodySchema },
    ),
    handler: async (request, reply) =>
      reply.code(201).send({ data: await uniqueCode(() => confederations.insert(request.body)) }),
  });

  api.patch('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Editar una confederación (admin)',
      { 200: dataEnvelope(ConfederationSchema) },
      { params: IdParamsSchema, body: UpdateConfederationBodySchema },
    ),
    handler: async (request) => ({
      data: found(await uniqueCode(() => confederations.update(request.params.id, request.body))),
    }),
  });

  api.delete('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Eliminar una confederación sin equipos (admin)',
      { 200: MessageResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => {
      found(await confederations.findById(request.params.id));
      if ((await confederations.teamCount(request.params.id)) > 0)
        throw new ConflictError(teamMessages.confederationHasTeams);
      // A team assigned in between still stops the delete (foreign key), with the same answer.
      await confederations.delete(request.params.id).catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? new ConflictError(teamMessages.confederationHasTeams) : error;
      });
      return { message: messages.deleted };
    },
  });
}
