import type { FastifyInstance } from 'fastify';
import {
  IdParamsSchema,
  IMPORT_JOBS_LISTED,
  ImportJobListResponseSchema,
  ImportJobResponseSchema,
  ImportResultsBodySchema,
  ImportResultsResponseSchema,
  resultsMessages,
} from '#contract/index';
import type { ResultsImportService } from './results-import.service.ts';
import { guardedApi } from '../../lib/guarded-api.ts';
import { errorResponses, routeDocs } from '../../lib/route-docs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles when the results import job `id` started by this process has ended. */
    importJobSettled: (id: number) => Promise<void>;
  }
}

/** Every route here is an admin's, documented alike; each says its own errors. */
const docs = routeDocs('admin');

/** An openfootball file is about 50 kB per competition today; this leaves room for bigger seasons. */
export const IMPORT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** The admin's results import (mounted under /api/admin): start a job, list the latest, follow one. */
export async function resultsImportRoutes(
  app: FastifyInstance,
  { resultsImport }: { resultsImport: ResultsImportService },
) {
  const api = guardedApi(app, 'requireAdmin');

  api.post('/import-results', {
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    schema: docs.schema(
      'Importar resultados de openfootball: el archivo en el cuerpo (hasta 2 MB) o { url } pública (admin)',
      { 202: ImportResultsResponseSchema, ...errorResponses(400, 401, 403, 413) },
      {
        description:
          'Crea los partidos nuevos y guarda fechas y resultados cambiados a través del servicio de partidos: ' +
          'las clasificaciones se actualizan y cada cambio de resultado queda en el historial como «importación». ' +
          'Nunca borra un resultado guardado. Comprueba el archivo (o que la URL no escriba una dirección privada) ' +
          'y responde 202 al momento con la importación en marcha; GET /api/admin/import-jobs/{id} dice su avance ' +
          'y, al terminar, el resumen y la lista de partidos que cambiaron, o el error.',
        body: ImportResultsBodySchema,
      },
    ),
    handler: async (request, reply) => {
      const job = await resultsImport.start(request.body, request.user?.id ?? null);
      return reply.code(202).send({ message: resultsMessages.importStarted, data: { job } });
    },
  });

  api.get('/import-jobs', {
    schema: docs.schema(
      `Las últimas ${IMPORT_JOBS_LISTED} importaciones de resultados, la más reciente primero (admin)`,
      { 200: ImportJobListResponseSchema, ...errorResponses(401, 403) },
    ),
    handler: async () => ({ data: await resultsImport.latest() }),
  });

  api.get('/import-jobs/:id', {
    schema: docs.schema(
      'Una importación de resultados: en marcha (con su avance), completada (con su resumen) o fallida (admin)',
      { 200: ImportJobResponseSchema, ...errorResponses(400, 401, 403, 404) },
      {
        description:
          'Una importación cuyo servidor se detuvo (en marcha, sin señales durante más de 2 minutos) se da por fallida.',
        params: IdParamsSchema,
      },
    ),
    handler: async (request) => ({ data: { job: await resultsImport.get(request.params.id) } }),
  });

  // The database closes after the app: a job in flight ends (and says so) first.
  app.addHook('onClose', () => resultsImport.idle());
}
