import { keepPreviousData } from '@tanstack/react-query';
import { PoolResultsResponseSchema } from '#contract/pool-results';
import { apiQuery } from '../../lib/api-query.ts';
import { matchChange, topics } from '../../lib/topics.ts';
import { predictionKeys } from './api.ts';

// Apart from ./api.ts, which loads with a pool's first screen (Predecir): Resultados' schemas load with Resultados
// (decision 059).

/** The "Resultados" segment: one jornada of the pool (the newest with a finished or live match when null), `userId`'s picks in it. */
export const poolResultsQuery = (poolId: number, userId: number, weekNumber: number | null) => ({
  ...apiQuery(
    predictionKeys.poolResults(poolId, weekNumber),
    `/api/predictions/pool/${poolId}/results${weekNumber === null ? '' : `?weekNumber=${weekNumber}`}`,
    PoolResultsResponseSchema,
    [topics.pool(poolId), ...matchChange, topics.user(userId)],
  ),
  // Another jornada keeps the one on screen (and its selector) until it arrives.
  placeholderData: keepPreviousData,
});
