import { LeagueTableResponseSchema } from '#contract/league-table';
import { apiQuery } from '../../../lib/api-query.ts';
import { topics } from '../../../lib/topics.ts';
import { matchKeys } from '../api.ts';

// Apart from ../api.ts, which loads with Inicio: the table's schemas load with its screen (decision 059).

export const leagueTableQueries = {
  /** A league's table from the stored results: they move it, and the teams' names order its last tie-break. */
  table: (competition: string) =>
    apiQuery(
      matchKeys.table(competition),
      `/api/competitions/${encodeURIComponent(competition)}/table`,
      LeagueTableResponseSchema,
      [topics.matches, topics.teams],
    ),
};
