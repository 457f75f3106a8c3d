import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTeamBodySchema,
  dataEnvelope,
  IdParamsSchema,
  MessageResponseSchema,
  teamMessages,
  TeamSchema,
  UpdateTeamBodySchema,
  messages,
} from '#contract/index';
import { BadRequestError, ConflictError, NotFoundError, isForeignKeyViolation } from '../../lib/errors.ts';
import type { TeamsRepository } from './teams.repository.ts';
import { routeDocs } from '../../lib/route-docs.ts';

const docs = routeDocs('teams', 400, 401, 403, 404, 409);

export async function teamsRoutes(app: FastifyInstance, { teams }: { teams: TeamsRepository }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

  const found = <T>(row: T | undefined): T => {
    if (!row) throw new NotFoundError(teamMessages.teamNotFound);
    return row;
  };
  /** An unknown confederationId surfaces as a foreign key violation: say so in Spanish. */
  const knownConfederation = async <T>(write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new BadRequestError(teamMessages.confederationUnknown);
      throw error;
    }
  };

  api.get('', {
    onRequest: requireUser,
    schema: docs.schema('Lista de equipos', { 200: dataEnvelope(z.array(TeamSchema)) }),
    handler: async () => ({ data: await teams.list() }),
  });

  api.get('/:id', {
    onRequest: requireUser,
    schema: docs.schema('Un equipo', { 200: dataEnvelope(TeamSchema) }, { params: IdParamsSchema }),
    handler: async (request) => ({ data: found(await teams.findById(request.params.id)) }),
  });

  api.post('', {
    onRequest: requireAdmin,
    schema: docs.schema('Crear un equipo (admin)', { 201: dataEnvelope(TeamSchema) }, { body: CreateTeamBodySchema }),
    handler: async (request, reply) =>
      reply.code(201).send({ data: await knownConfederation(() => teams.insert(request.body)) }),
  });

  api.patch('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Editar un equipo (admin)',
      { 200: dataEnvelope(TeamSchema) },
      { params: IdParamsSchema, body: UpdateTeamBodySchema },
    ),
    handler: async (request) => ({
      data: found(await knownConfederation(() => teams.update(request.params.id, request.body))),
    }),
  });

  api.delete('/:id', {
    onRequest: requireAdmin,
    schema: docs.schema(
      'Eliminar un equipo sin partidos (admin)',
      { 200: MessageResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => {
      found(await teams.findById(request.params.id));
      if ((await teams.matchCount(request.params.id)) > 0) throw new ConflictError(teamMessages.teamHasMatches);
      await teams.delete(request.params.id).catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? new ConflictError(teamMessages.teamHasMatches) : error;
      });
      return { message: messages.deleted };
    },
  });
}
