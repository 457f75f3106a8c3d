import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ResultsSourceResponseSchema,
  ResultsStatusResponseSchema,
  SaveResultsSourceBodySchema,
  SaveResultsSourceResponseSchema,
} from '#contract/index';
import { guardedApi } from '../../lib/guarded-api.ts';
import { bearerSecurity, errorResponses, routeDocs } from '../../lib/route-docs.ts';
import { currentUser } from '../accounts/request-user.ts';
import type { ResultsSourceService } from './results-source.service.ts';

/** The admin's routes here are documented alike; each says its own errors. */
const docs = routeDocs('admin');

/** The results source (mounted under /api/admin): what it is, how the last pull went, and an admin's choice. */
export async function resultsSourceRoutes(
  app: FastifyInstance,
  { resultsSource }: { resultsSource: ResultsSourceService },
) {
  const api = guardedApi(app, 'requireAdmin');

  api.get('/results-source', {
    schema: docs.schema(
      'La fuente de resultados, la última lectura y la última importación (admin)',
      { 200: ResultsSourceResponseSchema, ...errorResponses(401, 403) },
      {
        description:
          'La fuente que leen el sondeo y «Actualizar Resultados»: la elegida por un administrador (guardada en la ' +
          'base de datos) o, si no eligió, RESULTS_SOURCE; `none` si no hay ninguna. Con FOOTBALL_DATA_TOKEN se lee ' +
          'además football-data.org. `feeds`: cada una con su última lectura; `schedule`: la próxima.',
      },
    ),
    handler: async () => ({ data: await resultsSource.state() }),
  });

  api.put('/results-source', {
    schema: docs.schema(
      'Elegir la fuente de resultados: { preset: "openfootball" }, { url } pública, { url: null } ninguna, ' +
        '{ useEnv: true } RESULTS_SOURCE (admin)',
      { 200: SaveResultsSourceResponseSchema, ...errorResponses(400, 401, 403) },
      {
        description:
          '`openfootball`: los archivos públicos de openfootball de LaLiga 2026/27 y el Mundial 2026. La URL debe ser ' +
          'http(s) y su dirección pública (ni local, ni privada, ni de enlace local): se comprueba al guardarla y en ' +
          'cada conexión. Un archivo del servidor solo puede nombrarlo RESULTS_SOURCE. Vale para todas las ' +
          'instancias desde su siguiente lectura, sin reiniciar; una fuente nueva se lee en seguida.',
        body: SaveResultsSourceBodySchema,
      },
    ),
    handler: async (request) => resultsSource.save(request.body, currentUser(request).id),
  });
}

/** What everyone is told of where results come from (mounted under /api/results). */
export async function resultsStatusRoutes(
  app: FastifyInstance,
  { resultsSource }: { resultsSource: Pick<ResultsSourceService, 'status'> },
) {
  app.withTypeProvider<ZodTypeProvider>().get('/status', {
    onRequest: app.guards.requireUser,
    schema: {
      tags: ['results'],
      security: bearerSecurity,
      summary: 'De dónde llegan los resultados y cuándo llegaron por última vez (cualquier usuario con sesión)',
      description:
        'Cada fuente en uso con su última lectura (`failure`: por qué no trajo nada, p. ej. «sin conexión») y la ' +
        'próxima lectura prevista. Sin fuentes, `feeds` está vacío: los resultados los introduce un administrador.',
      response: { 200: ResultsStatusResponseSchema, ...errorResponses(401) },
    },
    handler: async () => ({ data: await resultsSource.status() }),
  });
}
