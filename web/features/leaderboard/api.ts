import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { EvolutionResponseSchema, RankingResponseSchema, RoundRankingResponseSchema } from '#contract/leaderboard';
import { apiQuery, type ApiQueryOptions, type DataOf } from '../../lib/api-query.ts';
import { topics } from '../../lib/topics.ts';

/** The rankings' query keys; other features refresh them by topic (a pool's, the standings), never by these. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  pool: (poolId: number) => [...leaderboardKeys.all, poolId] as const,
  overall: (poolId: number) => [...leaderboardKeys.pool(poolId), 'overall'] as const,
  round: (poolId: number, weekNumber: number) => [...leaderboardKeys.pool(poolId), 'round', weekNumber] as const,
  evolution: (poolId: number) => [...leaderboardKeys.pool(poolId), 'evolution'] as const,
};

/** A read of a pool's rankings (`/api/leaderboard/pool/:id/…`): they move with its standings. */
const rankingRead = <const Key extends QueryKey, Schema extends z.ZodType, Kept = DataOf<z.output<Schema>>>(
  poolId: number,
  queryKey: Key,
  path: string,
  schema: Schema,
  options?: ApiQueryOptions<z.output<Schema>, Kept>,
) =>
  apiQuery(
    queryKey,
    `/api/leaderboard/pool/${poolId}/${path}`,
    schema,
    [topics.pool(poolId), topics.standings],
    options,
  );

export const leaderboardQueries = {
  /** The general table (the spec's ranking), with movement, jornadas won and the played jornadas. */
  overall: (poolId: number) =>
    rankingRead(poolId, leaderboardKeys.overall(poolId), 'ranking', RankingResponseSchema, {
      keep: (a) => a.leaderboard,
    }),
  /** One jornada's table, with its winners. */
  round: (poolId: number, weekNumber: number) =>
    rankingRead(poolId, leaderboardKeys.round(poolId, weekNumber), `round/${weekNumber}`, RoundRankingResponseSchema),
  /** The signed-in player's place after each played jornada, and the leader's points. */
  evolution: (poolId: number) =>
    rankingRead(poolId, leaderboardKeys.evolution(poolId), 'evolution', EvolutionResponseSchema, {
      keep: (a) => a.data.jornadas,
    }),
};
