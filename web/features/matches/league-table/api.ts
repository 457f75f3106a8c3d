import { queryOptions } from '@tanstack/react-query';
import { LeagueTableResponseSchema } from '#contract/league-table';
import { apiRequest } from '../../../lib/api-client.ts';
import { reads, topics } from '../../../lib/topics.ts';
import { matchKeys } from '../api.ts';

// Apart from ../api.ts, which loads with Inicio: the table's schemas load with its screen (decision 059).

export const leagueTableQueries = {
  /** A league's table from the stored results: they move it, and the teams' names order its last tie-break. */
  table: (competition: string) =>
    queryOptions({
      queryKey: matchKeys.table(competition),
      queryFn: async () =>
        (
          await apiRequest(`/api/competitions/${encodeURIComponent(competition)}/table`, {
            schema: LeagueTableResponseSchema,
          })
        ).data,
      meta: reads(topics.matches, topics.teams),
    }),
};
