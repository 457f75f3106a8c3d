import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ResultsSourceResponseSchema,
  SaveResultsSourceBodySchema,
  SaveResultsSourceResponseSchema,
} from '#contract/index';
import { errorResponses } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { ResultsSourceService } from './results-source.service.ts';

/** The results source (mounted under /api/admin): what it is, how the last pull went, and an admin's choice. */
export async function resultsSourceRoutes(
  app: FastifyInstance,
  { resultsSource }: { resultsSource: ResultsSourceService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const docs = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  api.get('/results-source', {
    onRequest: app.guards.requireAdmin,
    schema: {
      ...docs,
      summary: 'La fuente de resultados, la última lectura y la última importación (admin)',
      description:
        'La fuente que leen el sondeo y «Actualizar Resultados»: la elegida por un administrador (guardada en la ' +
        'base de datos) o, si no eligió, RESULTS_SOURCE; `none` si no hay ninguna.',
      response: { 200: ResultsSourceResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async () => ({ data: await resultsSource.state() }),
  });

  api.put('/results-source', {
    onRequest: app.guards.requireAdmin,
    schema: {
      ...docs,
      summary:
        'Elegir la fuente de resultados: { url } pública, { url: null } ninguna, { useEnv: true } RESULTS_SOURCE (admin)',
      description:
        'La URL debe ser http(s) y su dirección pública (ni local, ni privada, ni de enlace local): se comprueba ' +
        'al guardarla y en cada conexión. Un archivo del servidor solo puede nombrarlo RESULTS_SOURCE. Vale para ' +
        'todas las instancias desde su siguiente lectura, sin reiniciar.',
      body: SaveResultsSourceBodySchema,
      response: { 200: SaveResultsSourceResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => resultsSource.save(request.body, currentUser(request).id),
  });
}
