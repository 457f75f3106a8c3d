import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ImportResultsBodySchema, ImportResultsResponseSchema, adminMessages } from '#contract/index';
import type { ResultsImportService } from './results-import.service.ts';
import { errorResponses } from '../../lib/route-docs.ts';

/** An openfootball file is about 50 kB per competition today; this leaves room for bigger seasons. */
export const IMPORT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const errors = errorResponses(400, 401, 403, 413, 502);

export async function adminRoutes(app: FastifyInstance, { importResults }: { importResults: ResultsImportService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/import-results', {
    onRequest: app.guards.requireAdmin,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary: 'Importar resultados de openfootball: el archivo en el cuerpo (hasta 2 MB) o { url } pública (admin)',
      description:
        'Crea los partidos nuevos y guarda fechas y resultados cambiados a través del servicio de partidos: ' +
        'las clasificaciones se actualizan y cada cambio de resultado queda en el historial como «importación». ' +
        'Nunca borra un resultado guardado. Responde el resumen y la lista de partidos que cambiaron.',
      body: ImportResultsBodySchema,
      response: { 200: ImportResultsResponseSchema, ...errors },
    },
    handler: async (request) => ({ message: adminMessages.importDone, data: await importResults(request.body) }),
  });
}
