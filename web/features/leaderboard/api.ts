import { queryOptions } from '@tanstack/react-query';
import { EvolutionResponseSchema, RankingResponseSchema, RoundRankingResponseSchema } from '#contract/leaderboard';
import { apiRequest } from '../../lib/api-client.ts';
import { reads, topics } from '../../lib/topics.ts';

/** The rankings' query keys; other features refresh them by topic (a pool's, the standings), never by these. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  pool: (poolId: number) => [...leaderboardKeys.all, poolId] as const,
  overall: (poolId: number) => [...leaderboardKeys.pool(poolId), 'overall'] as const,
  round: (poolId: number, weekNumber: number) => [...leaderboardKeys.pool(poolId), 'round', weekNumber] as const,
  evolution: (poolId: number) => [...leaderboardKeys.pool(poolId), 'evolution'] as const,
};

/** A pool's rankings move with its standings. */
const rankingOf = (poolId: number) => reads(topics.pool(poolId), topics.standings);

export const leaderboardQueries = {
  /** The general table (the spec's ranking), with movement, jornadas won and the played jornadas. */
  overall: (poolId: number) =>
    queryOptions({
      queryKey: leaderboardKeys.overall(poolId),
      queryFn: async () =>
        (await apiRequest(`/api/leaderboard/pool/${poolId}/ranking`, { schema: RankingResponseSchema })).leaderboard,
      meta: rankingOf(poolId),
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
      meta: rankingOf(poolId),
    }),
  /** The signed-in player's place after each played jornada, and the leader's points. */
  evolution: (poolId: number) =>
    queryOptions({
      queryKey: leaderboardKeys.evolution(poolId),
      queryFn: async () =>
        (await apiRequest(`/api/leaderboard/pool/${poolId}/evolution`, { schema: EvolutionResponseSchema })).data
          .jornadas,
      meta: rankingOf(poolId),
    }),
};
