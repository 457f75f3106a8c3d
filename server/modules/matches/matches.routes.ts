import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import { bearerSecurity, errorResponses } from '../../lib/route-docs.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['matches'];
const security = bearerSecurity;

export async function matchesRoutes(
  app: FastifyInstance,
  { matches, service }: { matches: MatchesRepository; service: MatchesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { requireUser, requireAdmin } = app.guards;

  // The most read answer of the app (every Inicio visit): serialised once per version of the
  // table and revalidated with one tiny query, so several instances never serve a stale list.
  let cached: { version: string; etag: string; body: string } | undefined;
  // Untyped on purpose: the handler sends pre-serialised bytes (strings skip the serializer).
  app.get('', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Lista de partidos, por fecha de inicio (ETag; 304 si no cambió)',
      response: { 200: dataEnvelope(z.array(MatchSchema)), 304: z.null().describe('Sin cambios'), ...errors },
    },
    handler: async (request, reply) => {
      const version = await matches.listVersion();
      if (cached?.version !== version) {
        const body = JSON.stringify({ data: await matches.list() });
        cached = { version, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, body };
      }
      void reply.header('etag', cached.etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(cached.body);
    },
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
