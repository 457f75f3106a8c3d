import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { RankingResponseSchema, RoundRankingResponseSchema } from '#contract/index';
import { apiRequest } from '../../lib/api-client.ts';

/** The rankings' query keys; other features go through `invalidateRankings`, never the keys. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  pool: (poolId: number) => [...leaderboardKeys.all, poolId] as const,
  overall: (poolId: number) => [...leaderboardKeys.pool(poolId), 'overall'] as const,
  round: (poolId: number, weekNumber: number) => [...leaderboardKeys.pool(poolId), 'round', weekNumber] as const,
};

export const leaderboardQueries = {
  overall: (poolId: number) =>
    queryOptions({
      queryKey: leaderboardKeys.overall(poolId),
      queryFn: async () =>
        (await apiRequest(`/api/leaderboard/pool/${poolId}/ranking`, { schema: RankingResponseSchema })).leaderboard,
    }),
  round: (poolId: number, weekNumber: number) =>
    queryOptions({
      queryKey: leaderboardKeys.round(poolId, weekNumber),
      queryFn: async () =>
        (
          await apiRequest(`/api/leaderboard/pool/${poolId}/round/${weekNumber}`, {
            schema: RoundRankingResponseSchema,
          })
        ).data.positions,
    }),
};

/** Results changed: every pool's standings, overall and by round, are asked for again. */
export const invalidateRankings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
