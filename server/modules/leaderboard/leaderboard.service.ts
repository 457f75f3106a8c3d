import {
  type Pool,
  poolMessages,
  RankingResponseSchema,
  type ResultsImportSummary,
  resultsMessages,
  type UserProfile,
} from '#contract/index';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { createVersionedCache, type DataVersions } from '../../lib/data-versions.ts';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import { toJsonReply, type JsonReply } from '../../lib/json-reply.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { isAdmin } from '../accounts/access.ts';
import { assertCanViewAmong } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import { rankStandings } from './ranking.ts';
import type { StandingsRepository } from './standings.repository.ts';

interface Deps {
  standings: StandingsRepository;
  pools: PoolsRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
  config: Pick<Config, 'rateLimits'>;
  /** Pulls the newest results from the results source, for this user; null when no source is set. */
  pullResults: (userId: number) => Promise<ResultsImportSummary | null>;
  versions: DataVersions;
}

/** Rankings kept serialised in memory at most (the oldest go first). */
const CACHED_RANKINGS = 500;

export function createLeaderboardService({
  standings,
  pools,
  rateLimiter,
  clock,
  config,
  pullResults,
  versions,
}: Deps) {
  // A pool's ranking is the same bytes for every member: built once per version of the standings (results,
  // joins, pool edits, renames all change 'standings'), with the member list it is checked against.
  const cachedRankings = createVersionedCache<{ pool: Pool; memberIds: Set<number>; reply: JsonReply }>(
    versions,
    'standings',
    CACHED_RANKINGS,
  );
  const loadRanking = async (poolId: number) => {
    const pool = await pools.findById(poolId);
    if (!pool) return undefined;
    const [participants, rows, lastUpdated] = await Promise.all([
      pools.participants(poolId),
      standings.rows(poolId),
      standings.lastUpdated(poolId),
    ]);
    const response = {
      pool,
      leaderboard: { lastUpdated: lastUpdated?.toISOString() ?? null, positions: rankStandings(rows) },
    };
    return {
      pool,
      memberIds: new Set(participants.map((p) => p.id)),
      reply: toJsonReply(RankingResponseSchema, response),
    };
  };

  /** Rankings are for the pool's members, its creator and admins: checked on every read, cached or not. */
  const readableRanking = (actor: UserProfile, poolId: number, since?: number) =>
    cachedRankings
      .get(String(poolId), () => loadRanking(poolId), since)
      .then((ranking) => {
        if (!ranking) throw new NotFoundError(poolMessages.notFound);
        assertCanViewAmong(actor, ranking.pool, ranking.memberIds);
        return ranking;
      });

  return {
    /**
     * Reads stored standings: O(participants), never a recompute; the membership check runs on every read.
     * `since`: see `DataVersions.catchUp`.
     */
    ranking: (actor: UserProfile, poolId: number, since?: number): Promise<JsonReply> =>
      readableRanking(actor, poolId, since).then((ranking) => ranking.reply),

    async roundRanking(actor: UserProfile, poolId: number, weekNumber: number) {
      await readableRanking(actor, poolId);
      return { weekNumber, positions: rankStandings(await standings.roundRows(poolId, weekNumber)) };
    },

    myPlaces: (actor: UserProfile) => standings.placesOf(actor.id),

    /**
     * "Actualizar Resultados": pull the newest results (saving each one already moves
     * standings incrementally), then recompute the caller's pools from scratch as a
     * repair pass: the creator's own pools, every pool for an admin.
     */
    async updateAll(actor: UserProfile) {
      const owned = isAdmin(actor) ? null : (await pools.listOwned(actor.id)).map((p) => p.id);
      if (owned !== null && owned.length === 0) throw new ForbiddenError(poolMessages.creatorOnly);
      const wait = await rateLimiter.hit(`update-all:${actor.id}`, config.rateLimits.updateAll);
      if (wait !== null) throw new TooManyRequestsError(resultsMessages.tooManyUpdates, wait);

      const imported = await pullResults(actor.id);
      await standings.recompute(owned, clock());
      return { import: imported, poolsRecomputed: owned?.length ?? (await pools.countAll()) };
    },
  };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
