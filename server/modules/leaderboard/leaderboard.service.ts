import { gameMessages, poolMessages, type Pool, type RankingResponse, type ResultsImportSummary, type UserProfile } from '#contract/index';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { rankStandings } from './ranking.ts';
import type { StandingsRepository } from './standings.repository.ts';

interface Deps {
  standings: StandingsRepository;
  pools: PoolsRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
  config: Pick<Config, 'rateLimits'>;
  /** Pulls the newest results from the configured source; null when none is configured. */
  pullResults: (() => Promise<ResultsImportSummary>) | null;
}

export function createLeaderboardService({ standings, pools, rateLimiter, clock, config, pullResults }: Deps) {
  const memberPool = async (actor: UserProfile, poolId: number): Promise<Pool> => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    const member = actor.role === 'admin' || pool.creatorId === actor.id || (await pools.isParticipant(poolId, actor.id));
    if (!member) throw new ForbiddenError(poolMessages.notMember);
    return pool;
  };

  return {
    /** Reads stored standings: O(participants), never a recompute. */
    async ranking(actor: UserProfile, poolId: number): Promise<RankingResponse> {
      const pool = await memberPool(actor, poolId);
      const [rows, lastUpdated] = await Promise.all([standings.rows(poolId), standings.lastUpdated(poolId)]);
      return { pool, leaderboard: { lastUpdated: lastUpdated?.toISOString() ?? null, positions: rankStandings(rows) } };
    },

    async roundRanking(actor: UserProfile, poolId: number, weekNumber: number) {
      await memberPool(actor, poolId);
      return { weekNumber, positions: rankStandings(await standings.roundRows(poolId, weekNumber)) };
    },

    myPlaces: (actor: UserProfile) => standings.placesOf(actor.id),

    /**
     * "Actualizar Resultados": pull the newest results (saving each one already moves
     * standings incrementally), then recompute the caller's pools from scratch as a
     * repair pass: the creator's own pools, every pool for an admin.
     */
    async updateAll(actor: UserProfile) {
      const owned = actor.role === 'admin' ? null : (await pools.listOwned(actor.id)).map((p) => p.id);
      if (owned !== null && owned.length === 0) throw new ForbiddenError(poolMessages.creatorOnly);
      const wait = await rateLimiter.hit(`update-all:${actor.id}`, config.rateLimits.updateAll);
      if (wait !== null) throw new TooManyRequestsError(gameMessages.tooManyUpdates, wait);

      const imported = pullResults ? await pullResults() : null;
      await standings.recompute(owned, clock());
      return { import: imported, poolsRecomputed: owned?.length ?? (await pools.listVisibleTo(null)).length };
    },
  };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
