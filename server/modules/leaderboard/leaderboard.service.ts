import {
  type EvolutionResponse,
  laQuinielaMessages,
  type Pool,
  poolMessages,
  RankingResponseSchema,
  RoundRankingResponseSchema,
  type ResultsImportSummary,
  resultsMessages,
  TIE_BREAK_ORDERS,
  tieBreakText,
  type TieBreak,
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
import {
  generalTable,
  jornadaLabel,
  jornadaTable,
  jornadaWinners,
  seasonEvolution,
  type GeneralPosition,
  type JornadaState,
  type PlayedJornada,
  type SeasonRow,
} from './season.ts';
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

/** Pools' rankings kept in memory at most (the oldest go first). */
const CACHED_RANKINGS = 500;
/** Jornada tables kept per pool ranking (the last read stay). */
const CACHED_JORNADAS = 8;

/** A pool's ranking as of one version of its data: the general table, and what its jornadas' tables and its evolution need. */
interface Season {
  pool: Pool;
  memberIds: Set<number>;
  jornadas: PlayedJornada[];
  /** Every jornada of the pool, played or not: over, and its matches pending (decision 061). */
  states: Map<number, JornadaState>;
  rows: SeasonRow[];
  positions: GeneralPosition[];
  reply: JsonReply;
  /** Jornada tables, built on first read. */
  tables: Map<number, Promise<JsonReply>>;
  evolution?: Promise<ReturnType<typeof seasonEvolution>>;
}

/** Whether a pool's tie-break reads its exact scores (contract/tie-break.ts). */
const countsExact = (rule: TieBreak) => TIE_BREAK_ORDERS[rule].includes('exact');

/** A jornada's name: "Boleto N" in a La Quiniela pool, whose jornada is its boleto; else `jornadaLabel`'s. */
const labelOf = ({ pool, jornadas }: { pool: Pick<Pool, 'game'>; jornadas: readonly PlayedJornada[] }, weekNumber: number) =>
  pool.game.mode === 'laQuiniela'
    ? laQuinielaMessages.boleto(weekNumber)
    : jornadaLabel(weekNumber, jornadas.find((jornada) => jornada.weekNumber === weekNumber)?.rounds ?? []);
/** A week the pool counts no match of is no jornada of it: not over, nothing pending. */
const stateOf = (states: ReadonlyMap<number, JornadaState>, weekNumber: number): JornadaState =>
  states.get(weekNumber) ?? { over: false, pending: 0 };

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
  // joins, pool edits, renames all change 'standings') and of the matches (which jornadas are played), with the
  // member list it is checked against. Its jornadas' tables and its evolution hang on it, so they share its version.
  const cachedSeasons = createVersionedCache<Season>(versions, ['standings', 'matches'], CACHED_RANKINGS);
  const loadSeason = async (poolId: number): Promise<Season | undefined> => {
    const pool = await pools.findById(poolId);
    if (!pool) return undefined;
    const [participants, jornadas, states, lastUpdated] = await Promise.all([
      pools.participants(poolId),
      standings.playedJornadas(poolId),
      standings.jornadaStates(poolId),
      standings.lastUpdated(poolId),
    ]);
    const rule = pool.options.tieBreak;
    const rows = await standings.seasonRows(poolId, jornadas.at(-1)?.weekNumber ?? null, countsExact(rule));
    const positions = generalTable(rows, jornadas, rule);
    const response = {
      pool,
      leaderboard: {
        lastUpdated: lastUpdated?.toISOString() ?? null,
        positions,
        tieBreakText: tieBreakText(rule),
        jornadas: jornadas.map(({ weekNumber }) => ({
          weekNumber,
          label: labelOf({ pool, jornadas }, weekNumber),
          over: stateOf(states, weekNumber).over,
        })),
      },
    };
    return {
      pool,
      memberIds: new Set(participants.map((p) => p.id)),
      jornadas,
      states,
      rows,
      positions,
      reply: toJsonReply(RankingResponseSchema, response),
      tables: new Map(),
    };
  };

  /** Rankings are for the pool's members, its creator and admins: checked on every read, cached or not. */
  const readableSeason = (actor: UserProfile, poolId: number, since?: number) =>
    cachedSeasons
      .get(String(poolId), () => loadSeason(poolId), since)
      .then((season) => {
        if (!season) throw new NotFoundError(poolMessages.notFound);
        assertCanViewAmong(actor, season.pool, season.memberIds);
        return season;
      });

  const loadTable = async (season: Season, weekNumber: number): Promise<JsonReply> => {
    const won = new Map(season.rows.map((row) => [row.userId, row.jornadasWon]));
    const { over, pending } = stateOf(season.states, weekNumber);
    const rule = season.pool.options.tieBreak;
    const rows = await standings.roundRows(season.pool.id, weekNumber, countsExact(rule));
    const { positions, winners } = jornadaTable(rows, won, over, rule);
    return toJsonReply(RoundRankingResponseSchema, {
      data: { weekNumber, label: labelOf(season, weekNumber), winners, positions, over, pending },
    });
  };

  return {
    /**
     * Reads stored standings: O(participants), never a recompute; the membership check runs on every read.
     * `since`: see `DataVersions.catchUp`.
     */
    ranking: (actor: UserProfile, poolId: number, since?: number): Promise<JsonReply> =>
      readableSeason(actor, poolId, since).then((season) => season.reply),

    /** The general table's rows, in its order: who "La jornada en una tabla" lists, and where. */
    rankedPlayers: (actor: UserProfile, poolId: number): Promise<readonly GeneralPosition[]> =>
      readableSeason(actor, poolId).then((season) => season.positions),

    /** Every jornada of the pool, played or not, in order, with its winners once it is over (season.ts): what the bote's jornada part reads. */
    async jornadaWinnersOf(actor: UserProfile, poolId: number) {
      const season = await readableSeason(actor, poolId);
      const scores = await standings.weekScores(poolId);
      return [...season.states]
        .sort(([a], [b]) => a - b)
        .map(([weekNumber, { over }]) => ({
          weekNumber,
          label: labelOf(season, weekNumber),
          over,
          winners: jornadaWinners(scores.filter((score) => score.weekNumber === weekNumber), over),
        }));
    },

    /** One jornada's table from its stored standings, cached with the pool's ranking. */
    async roundRanking(actor: UserProfile, poolId: number, weekNumber: number, since?: number): Promise<JsonReply> {
      const season = await readableSeason(actor, poolId, since);
      let table = season.tables.get(weekNumber);
      if (!table) {
        table = loadTable(season, weekNumber);
        if (season.tables.size >= CACHED_JORNADAS) season.tables.delete(season.tables.keys().next().value!);
        season.tables.set(weekNumber, table);
        table.catch(() => season.tables.get(weekNumber) === table && season.tables.delete(weekNumber));
      } else {
        // The last read stay: a hit moves to the end.
        season.tables.delete(weekNumber);
        season.tables.set(weekNumber, table);
      }
      return table;
    },

    /** The caller's place after each played jornada and the leader's points (every table built once per version). */
    async evolution(actor: UserProfile, poolId: number): Promise<EvolutionResponse['data']> {
      const season = await readableSeason(actor, poolId);
      if (!season.evolution) {
        const evolution = standings.weekScores(poolId).then((scores) => seasonEvolution(season.jornadas, season.rows, scores));
        season.evolution = evolution;
        evolution.catch(() => season.evolution === evolution && delete season.evolution);
      }
      const points = (await season.evolution).of(actor.id);
      return { jornadas: points.map((point) => ({ ...point, label: labelOf(season, point.weekNumber) })) };
    },

    myPlaces: (actor: UserProfile) => standings.placesOf(actor.id),

    /**
     * For the jornada-result push and mail, once the jornada is over (no reader, so no access check): the jornada's
     * name, its winners, and per participant what they scored in it (its stored standings) and their place and
     * movement in the cached general table.
     */
    jornadaOutcomes: async (poolId: number, weekNumber: number) => {
      const season = await cachedSeasons.get(String(poolId), () => loadSeason(poolId));
      if (!season) return null;
      const rows = await standings.roundRows(poolId, weekNumber);
      const scored = new Map(rows.map((row) => [row.userId, row.points]));
      const winners = jornadaWinners(rows);
      return {
        label: labelOf(season, weekNumber),
        winners: rows.filter((row) => winners.includes(row.userId)).map((row) => ({ name: row.username, points: row.points })),
        players: new Map(
          season.positions.map(({ userId, position, movement }) => [
            userId,
            { points: scored.get(userId) ?? 0, position, movement },
          ]),
        ),
      };
    },

    /**
     * "Actualizar Resultados": pull the newest results (saving each one already moves
     * standings incrementally), then recompute the caller's pools from scratch as a
     * repair pass: the creator's own pools, every pool for an admin. Says how many of those
     * pools' standings the press moved (their digests before and after): a result no pick
     * is on moves none.
     */
    async updateAll(actor: UserProfile) {
      const owned = isAdmin(actor) ? null : (await pools.listOwned(actor.id)).map((p) => p.id);
      if (owned !== null && owned.length === 0) throw new ForbiddenError(poolMessages.creatorOnly);
      const wait = await rateLimiter.hit(`update-all:${actor.id}`, config.rateLimits.updateAll);
      if (wait !== null) throw new TooManyRequestsError(resultsMessages.tooManyUpdates, wait);

      const before = await standings.digests(owned);
      const imported = await pullResults(actor.id);
      await standings.recompute(owned, clock());
      const after = await standings.digests(owned);
      const poolsUpdated = [...after].filter(([poolId, digest]) => before.has(poolId) && before.get(poolId) !== digest).length;
      return { import: imported, poolsRecomputed: owned?.length ?? (await pools.countAll()), poolsUpdated };
    },
  };
}

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
