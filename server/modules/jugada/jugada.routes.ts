import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  JugadaBodySchema,
  JugadaResponseSchema,
  JugadaStateSchema,
  MessageResponseSchema,
  dataEnvelope,
} from '#contract/index';
import { routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { JugadaService } from './jugada.service.ts';

const docs = routeDocs('pools', 400, 401, 404, 409);

/** "Mi jugada" of a pool's competition: the caller's own, in the pools they play in (404 for any other). */
export async function jugadaRoutes(app: FastifyInstance, { jugada }: { jugada: JugadaService }) {
  app.addHook('onRequest', app.guards.requireUser);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/:id/jugada',
    {
      schema: docs.schema(
        'Mi jugada de la competición de la quiniela (participantes): de qué quiniela se copian los pronósticos y a cuáles, y las otras quinielas del mismo juego donde juegas',
        { 200: dataEnvelope(JugadaStateSchema) },
        { params: IdParamsSchema },
      ),
    },
    async (request) => ({ data: await jugada.read(currentUser(request), request.params.id) }),
  );
  api.put(
    '/:id/jugada',
    {
      schema: docs.schema(
        'Hacer de los pronósticos de esta quiniela mi jugada (participantes): se copian a las quinielas elegidas con las reglas de cada una; copies dice qué se copió y qué no, y por qué',
        { 200: JugadaResponseSchema },
        { params: IdParamsSchema, body: JugadaBodySchema },
      ),
    },
    async (request) => jugada.save(currentUser(request), request.params.id, request.body),
  );
  api.delete(
    '/:id/jugada',
    {
      schema: docs.schema(
        'Dejar de usar esta quiniela como mi jugada (los pronósticos ya copiados se quedan)',
        { 200: MessageResponseSchema },
        { params: IdParamsSchema },
      ),
    },
    async (request) => ({ message: await jugada.remove(currentUser(request), request.params.id) }),
  );
}
