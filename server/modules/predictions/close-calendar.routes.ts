import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CloseCalendarLinkResponseSchema, CloseCalendarParamsSchema, IdParamsSchema } from '#contract/index';
import { matchesEtag } from '../../lib/json-reply.ts';
import { errorResponses, notModifiedResponse, routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { CloseCalendarService } from './close-calendar.service.ts';

const docs = routeDocs('predictions', 400, 401, 403, 404);

/** A pool's calendar of closes: a member's address of it (session), and the calendar at that address (its token). */
export async function closeCalendarRoutes(app: FastifyInstance, { calendar }: { calendar: CloseCalendarService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/pools/:id/calendar', {
    onRequest: app.guards.requireUser,
    schema: docs.schema(
      'La dirección propia del calendario de cierres de la quiniela (miembros, su creador y admins): https y webcal, firmada para el usuario y la quiniela',
      { 200: CloseCalendarLinkResponseSchema },
      { params: IdParamsSchema },
    ),
    handler: async (request) => ({ data: await calendar.link(currentUser(request), request.params.id) }),
  });

  api.get('/api/calendar/:token.ics', {
    schema: {
      tags: docs.tags,
      summary:
        'El calendario de cierres (text/calendar, RFC 5545): un evento por jornada en su primer cierre. Sin sesión: el token firmado de la dirección es la prueba, y vale mientras su usuario vea la quiniela (404 un token no firmado, 410 si ya no la ve); ETag, 304 si no cambió',
      params: CloseCalendarParamsSchema,
      response: { 200: z.string().describe('text/calendar'), ...notModifiedResponse, ...errorResponses(404, 410) },
    },
    handler: async (request, reply) => {
      const { text, etag } = await calendar.feed(request.params.token);
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply.type('text/calendar; charset=utf-8').send(text);
    },
  });
}
