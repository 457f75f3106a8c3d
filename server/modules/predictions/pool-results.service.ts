import {
  picksClosed,
  poolMessages,
  PredictionChoiceSchema,
  type GameRules,
  type PoolResultMatch,
  type PoolResults,
  type PredictionChoice,
  type UserProfile,
} from '#contract/index';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { scorePick, type ScoredMatch, type ScoredPick } from '../leaderboard/scoring.ts';
import { assertCanView } from '../pools/pool-access.ts';
import type { PoolsRepository } from '../pools/pools.repository.ts';
import type { JornadaMatchRow, PickRow, PoolResultsRepository } from './pool-results.repository.ts';

interface Deps {
  poolResults: PoolResultsRepository;
  pools: PoolsRepository;
  clock: Clock;
}

/** What `pick` earned on `match` in `game` by the one scoring rule; null while the match is not finished. */
const earned = (pick: ScoredPick, match: ScoredMatch, game: GameRules): number | null =>
  match.status === 'finished' ? scorePick(pick, match, game).points : null;

/**
 * The "Resultados" segment: for the pool's members (pool-access.ts), one jornada per answer. Nobody's pick but the
 * caller's own is in an answer before its match kicks off by the server's clock (`picksClosed`, the rule that
 * closes picks), so a pick can never be copied.
 *
 * Not cached (decision 038): picks move no data version (their writes stay free of triggers, decision 031), and
 * what may be shown moves with the clock at each kick-off; one jornada reads a fixed number of indexed statements.
 */
export function createPoolResultsService({ poolResults, pools, clock }: Deps) {
  return {
    async results(actor: UserProfile, poolId: number, weekNumber?: number): Promise<PoolResults> {
      const pool = await pools.findById(poolId);
      if (!pool) throw new NotFoundError(poolMessages.notFound);
      await assertCanView(pools, actor, pool);
      // The creator is a participant only when "El creador también juega" is on.
      const participant = await pools.isParticipant(pool.id, actor.id);

      const at = clock();
      const jornadas = await poolResults.jornadas(poolId, at);
      const shown = weekNumber ?? jornadas[0]?.weekNumber ?? null;
      if (shown === null) return { poolId, participant, jornadas, weekNumber: null, matches: [] };

      const now = at.getTime();
      const rows = await poolResults.jornadaMatches(poolId, actor.id, shown);
      const started = rows.filter((row) => picksClosed({ status: row.status, matchDate: row.matchDate.toISOString() }, now));
      const startedIds = started.map((row) => row.id);
      const [counts, picks] = await Promise.all([
        poolResults.pickCounts(poolId, startedIds),
        poolResults.shownPicks(poolId, startedIds),
      ]);
      const revealed = new Set(startedIds);
      return {
        poolId,
        participant,
        jornadas,
        weekNumber: shown,
        matches: rows.map((row) => toResultMatch(pool.game, row, revealed.has(row.id), counts, picks)),
      };
    },
  };
}

function toResultMatch(
  game: GameRules,
  row: JornadaMatchRow,
  kickedOff: boolean,
  counts: readonly { matchId: number; prediction: PredictionChoice; count: number }[],
  picks: readonly PickRow[],
): PoolResultMatch {
  // A score only as the data has it, and only once the match is under way or over.
  const scored = row.status !== 'scheduled';
  const result: ScoredMatch = { status: row.status, scoreHome: row.scoreHome, scoreAway: row.scoreAway, weekNumber: row.weekNumber };
  const finished = row.status === 'finished';
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
        .map(({ matchId: _, ...pick }) => ({ ...pick, points: earned(pick, result, game) })),
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
    scoreHome: scored ? row.scoreHome : null,
    scoreAway: scored ? row.scoreAway : null,
    kickedOff,
    ownPick: row.ownPick,
    ownScoreHome: row.ownScoreHome,
    ownScoreAway: row.ownScoreAway,
    ownJoker: row.ownJoker,
    ownPoints:
      row.ownPick === null
        ? null
        : earned({ prediction: row.ownPick, scoreHome: row.ownScoreHome, scoreAway: row.ownScoreAway, joker: row.ownJoker }, result, game),
    pointsByPick,
    picks: revealed,
  };
}

export type PoolResultsService = ReturnType<typeof createPoolResultsService>;
