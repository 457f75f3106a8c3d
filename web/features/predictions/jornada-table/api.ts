import { infiniteQueryOptions } from '@tanstack/react-query';
import { JornadaTableResponseSchema } from '#contract/jornada-table';
import { apiRequest } from '../../../lib/api-client.ts';
import { nextOffset } from '../../../lib/paging.ts';
import { matchChange, reads, topics } from '../../../lib/topics.ts';
import { predictionKeys } from '../api.ts';

// Apart from ../api.ts, which loads with a pool's first screen: the table's schemas load with it (decision 059).

export const jornadaTableQueries = {
  /** "La jornada en una tabla": its players page by page (`JORNADA_TABLE_PAGE` each), in the ranking's order. */
  table: (poolId: number, userId: number, weekNumber: number) =>
    infiniteQueryOptions({
      queryKey: predictionKeys.jornadaTable(poolId, weekNumber),
      queryFn: async ({ pageParam }) =>
        (
          await apiRequest(`/api/predictions/pool/${poolId}/results/table?weekNumber=${weekNumber}&offset=${pageParam}`, {
            schema: JornadaTableResponseSchema,
          })
        ).data,
      initialPageParam: 0,
      getNextPageParam: (last) => nextOffset(last.offset, last.rows.length, last.total),
      // What "Resultados" reads (results, kick-offs, the pool's members, one's picks): the same moves the table.
      meta: reads(topics.pool(poolId), ...matchChange, topics.user(userId)),
    }),
};
