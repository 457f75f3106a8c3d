import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CompetitionListResponseSchema,
  competitionNameOf,
  hasLeagueTable,
  LeagueTableParamsSchema,
  LeagueTableQuerySchema,
  LeagueTableResponseSchema,
  leagueTableMessages,
  type LeagueTableQuery,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { sendJsonReply, toJsonReply } from '../../lib/json-reply.ts';
import { bearerSecurity, errorResponses, notModifiedResponse, routeDocs } from '../../lib/route-docs.ts';
import type { CompetitionsRepository } from './competitions.repository.ts';
import { leagueTable } from './league-table.ts';

/**
 * `GET /api/competitions`: what a new pool can count. Read when the create dialog opens, so it is not cached:
 * its next round moves with the clock as well as with the matches.
 */
export async function competitionsRoutes(
  app: FastifyInstance,
  { competitions, clock }: { competitions: CompetitionsRepository; clock: Clock },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('', {
    onRequest: app.guards.requireUser,
    schema: {
      tags: ['matches'],
      security: bearerSecurity,
      summary: 'Competiciones de los partidos (cualquier usuario con sesión)',
      description:
        'Cada competición con su nombre, temporada y jornadas en orden (etiqueta de los datos y en español), ' +
        'las primeras y últimas fechas y la próxima jornada: la primera con un partido abierto a pronósticos.',
      response: { 200: CompetitionListResponseSchema, ...errorResponses(401) },
    },
    handler: async () => ({ data: await competitions.list(clock()) }),
  });

  // Computed at each read (one competition's matches, 380 for LaLiga) rather than cached by the matches' version:
  // the team names it orders by and shows have no version. The ETag still spares an unchanged table's bytes.
  const docs = routeDocs('matches', 400, 401, 404);
  app.get('/:key/table', {
    onRequest: app.guards.requireUser,
    schema: docs.schema(
      'Clasificación de una liga calculada con sus resultados guardados (ETag; 304 si no cambió)',
      { 200: LeagueTableResponseSchema, ...notModifiedResponse },
      {
        params: LeagueTableParamsSchema,
        querystring: LeagueTableQuerySchema,
        description:
          'Partidos jugados, ganados, empatados y perdidos, goles, diferencia y puntos (3/1/0) de cada equipo, en el ' +
          'orden de LaLiga: puntos; entre empatados, el enfrentamiento directo (puntos y diferencia de goles) si ya ' +
          'jugaron todos sus partidos entre ellos; diferencia de goles; goles a favor; nombre. ?untilWeek=N: tras la ' +
          'jornada N. 404 para una competición sin partidos o que no se juega como una liga (el Mundial).',
      },
    ),
    // Untyped on purpose: the handler sends pre-serialised bytes.
    handler: async (request, reply) => {
      const { key } = request.params as { key: string };
      const { untilWeek = null } = request.query as LeagueTableQuery;
      const { matches, teamNames } = await competitions.tableMatches(key);
      if (matches.length === 0) throw new NotFoundError(leagueTableMessages.competitionNotFound);
      const { displayName } = competitionNameOf(key);
      if (!hasLeagueTable(key)) throw new NotFoundError(leagueTableMessages.noLeagueTable(displayName));
      const table = { competition: key, displayName, untilWeek, ...leagueTable(matches, teamNames, untilWeek) };
      return sendJsonReply(request, reply, toJsonReply(LeagueTableResponseSchema, { data: table }));
    },
  });
}
