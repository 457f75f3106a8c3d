import type { QueryClient } from '@tanstack/react-query';

/**
 * The rankings' query keys, apart from the queries (api.ts) so that other features can refresh the rankings
 * without loading their schemas: a pool's first load does without them (issue 38). Other features go through
 * `invalidateRankings`, never the keys.
 */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  pool: (poolId: number) => [...leaderboardKeys.all, poolId] as const,
  overall: (poolId: number) => [...leaderboardKeys.pool(poolId), 'overall'] as const,
  round: (poolId: number, weekNumber: number) => [...leaderboardKeys.pool(poolId), 'round', weekNumber] as const,
  evolution: (poolId: number) => [...leaderboardKeys.pool(poolId), 'evolution'] as const,
};

/** Results changed: every pool's standings, overall, by round and their evolution, are asked for again. */
export const invalidateRankings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
