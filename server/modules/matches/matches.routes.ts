import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CreateMatchBodySchema,
  IdParamsSchema,
  MatchSchema,
  MessageResponseSchema,
  UpdateMatchBodySchema,
  dataEnvelope,
  footballMessages,
} from '#contract/index';
import { NotFoundError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import type { MatchesRepository } from './matches.repository.ts';
import type { MatchesService } from './matches.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const tags = ['matches'];
const security = [{ bearerAuth: [] }];

export async function matchesRoutes(
  app: FastifyInstance,
  { matches, service }: { matches: MatchesRepository; service: MatchesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

  api.get('', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Lista de partidos, por fecha de inicio', response: { 200: dataEnvelope(z.array(MatchSchema)), ...errors } },
    handler: async () => ({ data: await matches.list() }),
  });

  api.get('/:id', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Un partido', params: IdParamsSchema, response: { 200: dataEnvelope(MatchSchema), ...errors } },
    handler: async (request) => {
      const match = await matches.findById(request.params.id);
      if (!match) throw new NotFoundError(footballMessages.matchNotFound);
      return { data: match };
    },
  });

  api.post('', {
    onRequest: requireAdmin,
    schema: { tags, security, summary: 'Crear un partido (admin)', body: CreateMatchBodySchema, response: { 201: dataEnvelope(MatchSchema), ...errors } },
    handler: async (request, reply) => reply.code(201).send({ data: await service.create(request.body) }),
  });

  api.patch('/:id', {
    onRequest: requireAdmin,
    schema: {
      tags,
      security,
      summary: 'Editar un partido o guardar su resultado (admin); actualiza las clasificaciones afectadas',
      params: IdParamsSchema,
      body: UpdateMatchBodySchema,
      response: { 200: dataEnvelope(MatchSchema), ...errors },
    },
    handler: async (request) => ({
      data: await service.update(request.params.id, request.body, { kind: 'admin', userId: currentUser(request).id }),
    }),
  });

  api.delete('/:id', {
    onRequest: requireAdmin,
    schema: { tags, security, summary: 'Eliminar un partido sin pronósticos (admin)', params: IdParamsSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await service.remove(request.params.id);
      return { message: footballMessages.deleted };
    },
  });
}
