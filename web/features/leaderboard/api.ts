import { queryOptions } from '@tanstack/react-query';
import { EvolutionResponseSchema, RankingResponseSchema, RoundRankingResponseSchema } from '#contract/leaderboard';
import { apiRequest } from '../../lib/api-client.ts';
import { leaderboardKeys } from './keys.ts';

export const leaderboardQueries = {
  /** The general table (the spec's ranking), with movement, jornadas won and the played jornadas. */
  overall: (poolId: number) =>
    queryOptions({
      queryKey: leaderboardKeys.overall(poolId),
      queryFn: async () =>
        (await apiRequest(`/api/leaderboard/pool/${poolId}/ranking`, { schema: RankingResponseSchema })).leaderboard,
    }),
  /** One jornada's table, with its winners. */
  round: (poolId: number, weekNumber: number) =>
    queryOptions({
      queryKey: leaderboardKeys.round(poolId, weekNumber),
      queryFn: async () =>
        (
          await apiRequest(`/api/leaderboard/pool/${poolId}/round/${weekNumber}`, {
            schema: RoundRankingResponseSchema,
          })
        ).data,
    }),
  /** The signed-in player's place after each played jornada, and the leader's points. */
  evolution: (poolId: number) =>
    queryOptions({
      queryKey: leaderboardKeys.evolution(poolId),
      queryFn: async () =>
        (await apiRequest(`/api/leaderboard/pool/${poolId}/evolution`, { schema: EvolutionResponseSchema })).data
          .jornadas,
    }),
};
