import {
  JORNADA_TABLE_PAGE,
  PLENO_POSITION,
  picksClosed,
  poolMessages,
  PredictionChoiceSchema,
  type GameRules,
  type JornadaTable,
  type JornadaTableRow,
  type PoolResultMatch,
  type PoolResults,
  type PredictionChoice,
  type RankingPosition,
  type UserProfile,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { boletoLineAciertos } from '../leaderboard/boleto-scoring.ts';
import { scorePick, type ScoredMatch, type ScoredPick } from '../leaderboard/scoring.ts';
import { assertCanView } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import type { JornadaMatchRow, PickRow, PoolResultsRepository } from './pool-results.repository.ts';

interface Deps {
  poolResults: PoolResultsRepository;
  pools: PoolsRepository;
  clock: Clock;
  /** The pool's players in the general ranking's order, as its ranking shows them (the leaderboard's cached table). */
  rankedPlayers: (actor: UserProfile, poolId: number) => Promise<readonly Pick<RankingPosition, 'position' | 'userId' | 'username'>[]>;
}

/** What `pick` earned on `match` in `game` by the one scoring rule; null while the match is not finished. */
const earned = (pick: ScoredPick, match: ScoredMatch, game: GameRules): number | null =>
  match.status === 'finished' ? scorePick(pick, match, game).points : null;

/** A player's pick of one of the jornada's matches. */
type JornadaPick = ScoredPick & { matchId: number };

/**
 * What a player's pick of `row` earned, given `theirs`, their picks of the jornada's matches that kicked off: the
 * scoring rule's points, or in a La Quiniela pool its line's acierto by the boleto's rule (`boletoLineAciertos`),
 * which for the Pleno needs the other 14 (null when `theirs` is only this pick).
 */
function earnedIn(game: GameRules, rows: readonly JornadaMatchRow[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (row: JornadaMatchRow, pick: JornadaPick, theirs: readonly JornadaPick[] | null): number | null => {
    if (row.line === null) return earned(pick, scoredMatch(row), game);
    if (theirs === null && row.line === PLENO_POSITION) return null;
    const lines = (theirs ?? [pick]).flatMap((mine) => {
      const at = byId.get(mine.matchId);
      return at?.line == null ? [] : [{ position: at.line, pick: mine, match: scoredMatch(at) }];
    });
    return boletoLineAciertos(lines).get(row.line) ?? null;
  };
}

/**
 * The "Resultados" segment: for the pool's members (pool-access.ts), one jornada per answer. Nobody's pick but the
 * caller's own is in an answer before its match kicks off by the server's clock (`picksClosed`, the rule that
 * closes picks), so a pick can never be copied.
 *
 * Not cached (decision 038): picks move no data version (their writes stay free of triggers, decision 031), and
 * what may be shown moves with the clock at each kick-off; one jornada reads a fixed number of indexed statements.
 */
export function createPoolResultsService({ poolResults, pools, clock, rankedPlayers }: Deps) {
  /** The pool, for its members only (pool-access.ts). */
  const viewablePool = async (actor: UserProfile, poolId: number) => {
    const pool = await pools.findById(poolId);
    if (!pool) throw new NotFoundError(poolMessages.notFound);
    await assertCanView(pools, actor, pool);
    return pool;
  };

  return {
    async results(actor: UserProfile, poolId: number, weekNumber?: number): Promise<PoolResults> {
      const pool = await viewablePool(actor, poolId);
      // The creator is a participant only when "El creador también juega" is on.
      const participant = await pools.isParticipant(pool.id, actor.id);

      const at = clock();
      const jornadas = await poolResults.jornadas(poolId, at);
      const shown = weekNumber ?? jornadas[0]?.weekNumber ?? null;
      if (shown === null) return { poolId, participant, jornadas, weekNumber: null, matches: [] };

      const rows = await poolResults.jornadaMatches(poolId, actor.id, shown);
      const startedIds = kickedOffIds(rows, at);
      const [counts, picks] = await Promise.all([
        poolResults.pickCounts(poolId, startedIds),
        poolResults.shownPicks(poolId, startedIds),
      ]);
      const revealed = new Set(startedIds);
      const earn = earnedIn(pool.game, rows);
      const own = rows.flatMap((row): JornadaPick[] =>
        row.ownPick === null
          ? []
          : [{ matchId: row.id, prediction: row.ownPick, scoreHome: row.ownScoreHome, scoreAway: row.ownScoreAway, joker: row.ownJoker }],
      );
      const earnOf = (row: JornadaMatchRow, pick: JornadaPick, userId: number) => earn(row, pick, userId === actor.id ? own : null);
      return {
        poolId,
        participant,
        jornadas,
        weekNumber: shown,
        matches: rows.map((row) => toResultMatch(pool.game, row, revealed.has(row.id), counts, picks, { userId: actor.id, picks: own }, earnOf)),
      };
    },

    /**
     * "La jornada en una tabla": one page of the pool's players in the general ranking's order, each with their
     * picks of the jornada's matches that have kicked off (the same rule and clock as `results`) and what those
     * earned, and the caller's own row wherever it stands. Bounded: `JORNADA_TABLE_PAGE` players (and the caller)
     * times the jornada's matches, read through `predictions_pool_user_match_uq`.
     */
    async table(actor: UserProfile, poolId: number, weekNumber: number, offset: number): Promise<JornadaTable> {
      const pool = await viewablePool(actor, poolId);
      const at = clock();
      const [ranked, rows] = await Promise.all([
        rankedPlayers(actor, poolId),
        poolResults.jornadaMatches(poolId, actor.id, weekNumber),
      ]);
      const startedIds = kickedOffIds(rows, at);
      const page = ranked.slice(offset, offset + JORNADA_TABLE_PAGE);
      const own = ranked.find((player) => player.userId === actor.id) ?? null;
      const picks = await poolResults.playerPicks(
        poolId,
        startedIds,
        [...page, ...(own ? [own] : [])].map((player) => player.userId),
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const earn = earnedIn(pool.game, rows);
      const rowOf = (player: (typeof ranked)[number]): JornadaTableRow => {
        const theirs = picks.filter((pick) => pick.userId === player.userId).map(({ userId: _, ...pick }) => pick);
        const scored = theirs.map((pick) => ({ ...pick, points: earn(byId.get(pick.matchId)!, pick, theirs) }));
        return {
          position: player.position,
          userId: player.userId,
          username: player.username,
          points: scored.reduce((sum, pick) => sum + (pick.points ?? 0), 0),
          picks: scored,
        };
      };
      const started = new Set(startedIds);
      return {
        poolId,
        weekNumber,
        mode: pool.game.mode,
        joker: pool.game.joker,
        total: ranked.length,
        offset,
        matches: rows.map((row) => ({
          id: row.id,
          homeTeamId: row.homeTeamId,
          awayTeamId: row.awayTeamId,
          matchDate: row.matchDate.toISOString(),
          status: row.status,
          ...shownScore(row),
          kickedOff: started.has(row.id),
        })),
        rows: page.map(rowOf),
        own: own && rowOf(own),
      };
    },
  };
}

/** A match as the scoring rule reads it. */
const scoredMatch = (row: JornadaMatchRow): ScoredMatch => ({
  status: row.status,
  scoreHome: row.scoreHome,
  scoreAway: row.scoreAway,
  weekNumber: row.weekNumber,
});

/** The matches of `rows` that have kicked off at `at` (the rule that closes picks): only theirs are shown. */
const kickedOffIds = (rows: readonly JornadaMatchRow[], at: Date): number[] =>
  rows.filter((row) => picksClosed({ status: row.status, matchDate: row.matchDate.toISOString() }, at.getTime())).map((row) => row.id);

/** A score only as the data has it, and only once the match is under way or over. */
const shownScore = (row: JornadaMatchRow): { scoreHome: number | null; scoreAway: number | null } =>
  row.status === 'scheduled' ? { scoreHome: null, scoreAway: null } : { scoreHome: row.scoreHome, scoreAway: row.scoreAway };

function toResultMatch(
  game: GameRules,
  row: JornadaMatchRow,
  kickedOff: boolean,
  counts: readonly { matchId: number; prediction: PredictionChoice; count: number }[],
  picks: readonly PickRow[],
  own: { userId: number; picks: readonly JornadaPick[] },
  earn: (row: JornadaMatchRow, pick: JornadaPick, userId: number) => number | null,
): PoolResultMatch {
  const result = scoredMatch(row);
  const finished = row.status === 'finished';
  const ownPick = own.picks.find((pick) => pick.matchId === row.id);
  // What each bare choice earns: a 1X2 pool's only picks (an exact-score pick earns by its score).
  const choice = (prediction: PredictionChoice): ScoredPick => ({ prediction, scoreHome: null, scoreAway: null, joker: false });
  const pointsByPick = finished && game.mode === 'outcome'
    ? (Object.fromEntries(PredictionChoiceSchema.options.map((pick) => [pick, scorePick(choice(pick), result, game).points])) as Record<
        PredictionChoice,
        number
      >)
    : null;
  let revealed: PoolResultMatch['picks'] = null;
  if (kickedOff) {
    const choiceCounts = { home: 0, draw: 0, away: 0 };
    for (const count of counts) if (count.matchId === row.id) choiceCounts[count.prediction] = count.count;
    revealed = {
      total: choiceCounts.home + choiceCounts.draw + choiceCounts.away,
      counts: choiceCounts,
      shown: picks
        .filter((pick) => pick.matchId === row.id)
        .map(({ matchId, ...pick }) => ({ ...pick, points: earn(row, { ...pick, matchId }, pick.userId) })),
    };
  }
  return {
    id: row.id,
    competition: row.competition,
    round: row.round,
    weekNumber: row.weekNumber,
    matchDate: row.matchDate.toISOString(),
    kickoffConfirmed: row.kickoffConfirmed,
    homeTeamId: row.homeTeamId,
    awayTeamId: row.awayTeamId,
    status: row.status,
    ...shownScore(row),
    kickedOff,
    ownPick: row.ownPick,
    ownScoreHome: row.ownScoreHome,
    ownScoreAway: row.ownScoreAway,
    ownJoker: row.ownJoker,
    ownPoints: ownPick ? earn(row, ownPick, own.userId) : null,
    ...(row.line === null ? {} : { line: row.line }),
    pointsByPick,
    picks: revealed,
  };
}

export type PoolResultsService = ReturnType<typeof createPoolResultsService>;
