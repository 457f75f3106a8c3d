import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DEFAULT_GAME_RULES, outcomeOfScore, type GameRules, type Match, type Prediction, type PredictionChoice } from '#contract/index';

/**
 * The scoring rule, written twice on purpose and nowhere else: `scorePick` in TypeScript (the reference)
 * and `pickScoreSql` in SQL (what standings are computed with). tests/api/scoring-rule.test.ts holds the
 * two equal on random picks, results and games against a real database. One definition for every game
 * (contract/game-rules.ts): a pick earns the best of the tiers it hits (exact score, right goal difference,
 * right outcome), plus `teamGoals` when it is not exact but gets one team's goals right; a 1X2 pick has no
 * score, so only its outcome can hit. The comodín and the knock-out rounds double it.
 */

/** What scoring reads of a match's result. */
export type MatchResult = Pick<Match, 'status' | 'scoreHome' | 'scoreAway'>;
/** A result with its jornada (the knock-out multiplier counts from one). */
export type ScoredMatch = MatchResult & Pick<Match, 'weekNumber'>;

/** What scoring reads of a pick. */
export type ScoredPick = Pick<Prediction, 'prediction' | 'scoreHome' | 'scoreAway' | 'joker'>;

/** What scoring reads of a pool's game. */
export type GameScoring = Pick<GameRules, 'points' | 'joker' | 'knockoutFromWeek'>;

/** What one pick adds to its standing: a correct outcome (0 or 1) and its points. */
export interface PickScore {
  correct: number;
  points: number;
}

/** The outcome a finished match's score means; null while it has no final result. */
export function matchOutcome(match: MatchResult): PredictionChoice | null {
  if (match.status !== 'finished' || match.scoreHome === null || match.scoreAway === null) return null;
  return outcomeOfScore(match.scoreHome, match.scoreAway);
}

/**
 * The reference: what `pick` scores on `match` as it stands (nothing until the match is finished) in `game`; a bare
 * choice on a bare result is a pick of the specification's game.
 */
export function scorePick(pick: PredictionChoice, match: MatchResult): PickScore;
export function scorePick(pick: ScoredPick, match: ScoredMatch, game: GameScoring): PickScore;
export function scorePick(choice: PredictionChoice | ScoredPick, result: MatchResult | ScoredMatch, rules?: GameScoring): PickScore {
  const pick = typeof choice === 'string' ? { prediction: choice, scoreHome: null, scoreAway: null, joker: false } : choice;
  const match = 'weekNumber' in result ? result : { ...result, weekNumber: 0 };
  const game = rules ?? DEFAULT_GAME_RULES;
  const outcome = matchOutcome(match);
  if (outcome === null) return { correct: 0, points: 0 };
  const { exact, difference, outcome: outcomePoints, teamGoals } = game.points;
  const correct = pick.prediction === outcome ? 1 : 0;
  const [ph, pa, rh, ra] = [pick.scoreHome, pick.scoreAway, match.scoreHome, match.scoreAway];
  const scored = ph !== null && pa !== null && rh !== null && ra !== null;
  let base: number;
  if (scored && ph === rh && pa === ra) base = Math.max(exact, difference, outcomePoints);
  else {
    const differenceHit = scored && ph - pa === rh - ra;
    base = Math.max(differenceHit ? difference : 0, correct ? outcomePoints : 0) + (scored && (ph === rh || pa === ra) ? teamGoals : 0);
  }
  const joker = game.joker && pick.joker ? 2 : 1;
  const knockout = game.knockoutFromWeek !== null && match.weekNumber >= game.knockoutFromWeek ? 2 : 1;
  return { correct, points: base * joker * knockout };
}

/**
 * Whether `pick` named `match`'s final score (a finished match): what the tie-break by exact scores counts
 * (docs/decisions/083-the-organisers-tie-break.md). Its SQL twin is `exactPickSql`, held equal to it in
 * tests/api/scoring-rule.test.ts. A 1X2 pick has no score, so it never is.
 */
export function exactPick(pick: Pick<ScoredPick, 'scoreHome' | 'scoreAway'>, match: MatchResult): boolean {
  return matchOutcome(match) !== null && pick.scoreHome !== null && pick.scoreHome === match.scoreHome && pick.scoreAway === match.scoreAway;
}

/**
 * Whether going from `before` to `after` may change what a pick scores (when not, no standing moves): the final
 * score, and for a finished match its jornada (the knock-out multiplier).
 */
export function resultChangeScores(before: ScoredMatch, after: ScoredMatch): boolean {
  const scored = (m: ScoredMatch) => (matchOutcome(m) === null ? null : `${m.scoreHome}-${m.scoreAway}@${m.weekNumber}`);
  return scored(before) !== scored(after);
}

/** A `PickScore` as SQL integer expressions. */
export type PickScoreSql = { [K in keyof PickScore]: SQL<number> };

/** A match result as SQL expressions: a row's columns (`matchColumns`), or values bound by `resultValues`. */
export type MatchResultSql = { [K in keyof ScoredMatch]: SQLWrapper };
/** A pick and a game as SQL expressions: a prediction's and a pool's columns (`pickColumns`, `gameColumns`). */
export type ScoredPickSql = { [K in keyof ScoredPick]: SQLWrapper };
export interface GameScoringSql {
  exact: SQLWrapper;
  difference: SQLWrapper;
  outcome: SQLWrapper;
  teamGoals: SQLWrapper;
  joker: SQLWrapper;
  knockoutFromWeek: SQLWrapper;
}

/** A result known in TypeScript (a match before or after a change) as typed SQL parameters. */
export function resultValues(match: ScoredMatch): MatchResultSql {
  return {
    status: sql`${match.status}::text`,
    scoreHome: sql`${match.scoreHome}::int`,
    scoreAway: sql`${match.scoreAway}::int`,
    weekNumber: sql`${match.weekNumber}::int`,
  };
}

/** The columns of the `matches` row under `alias`. */
export const matchColumns = (alias: string): MatchResultSql => ({
  status: sql.raw(`${alias}.status`),
  scoreHome: sql.raw(`${alias}.score_home`),
  scoreAway: sql.raw(`${alias}.score_away`),
  weekNumber: sql.raw(`${alias}.week_number`),
});

/** The columns of the `predictions` row under `alias`. */
export const pickColumns = (alias: string): ScoredPickSql => ({
  prediction: sql.raw(`${alias}.prediction`),
  scoreHome: sql.raw(`${alias}.score_home`),
  scoreAway: sql.raw(`${alias}.score_away`),
  joker: sql.raw(`${alias}.joker`),
});

/** The game columns of the `pools` row under `alias`. */
export const gameColumns = (alias: string): GameScoringSql => ({
  exact: sql.raw(`${alias}.points_exact`),
  difference: sql.raw(`${alias}.points_difference`),
  outcome: sql.raw(`${alias}.points_outcome`),
  teamGoals: sql.raw(`${alias}.points_team_goals`),
  joker: sql.raw(`${alias}.joker`),
  knockoutFromWeek: sql.raw(`${alias}.knockout_from_week`),
});

/** SQL of `matchOutcome`: 'home', 'draw' or 'away' for a finished score, null otherwise. */
export function outcomeSql({ status, scoreHome, scoreAway }: MatchResultSql): SQL<PredictionChoice | null> {
  return sql`(case when ${status} = 'finished' then
    case when ${scoreHome} > ${scoreAway} then 'home' when ${scoreHome} < ${scoreAway} then 'away' when ${scoreHome} = ${scoreAway} then 'draw' end
  end)`;
}

/** The SQL definition, the same rule as `scorePick`: what `pick` scores on `match` in `game` (all expressions). */
export function pickScoreSql(pick: ScoredPickSql, match: MatchResultSql, game: GameScoringSql): PickScoreSql {
  // Finished with both scores, as `matchOutcome` has it.
  const finished = sql`${outcomeSql(match)} is not null`;
  const [ph, pa, rh, ra] = [pick.scoreHome, pick.scoreAway, match.scoreHome, match.scoreAway];
  // A comparison with a null score (a 1X2 pick, an unfinished match) is null, which no `case when` takes.
  const outcomeHit = sql`${pick.prediction} = ${outcomeSql(match)}`;
  const base = sql`(case when ${finished} and ${ph} = ${rh} and ${pa} = ${ra} then greatest(${game.exact}, ${game.difference}, ${game.outcome})
    else greatest(case when ${finished} and ${ph} - ${pa} = ${rh} - ${ra} then ${game.difference} else 0 end,
                  case when ${outcomeHit} then ${game.outcome} else 0 end)
       + case when ${finished} and (${ph} = ${rh} or ${pa} = ${ra}) then ${game.teamGoals} else 0 end
  end)`;
  const multiplier = sql`(case when ${game.joker} and ${pick.joker} then 2 else 1 end)
    * (case when ${match.weekNumber} >= ${game.knockoutFromWeek} then 2 else 1 end)`;
  return {
    correct: sql<number>`(case when ${outcomeHit} then 1 else 0 end)`,
    points: sql<number>`(${base} * ${multiplier})::int`,
  };
}

/** The SQL definition of `exactPick`: 1 when the pick named the finished match's score, else 0. */
export function exactPickSql(pick: Pick<ScoredPickSql, 'scoreHome' | 'scoreAway'>, match: MatchResultSql): SQL<number> {
  return sql<number>`(case when ${outcomeSql(match)} is not null and ${pick.scoreHome} = ${match.scoreHome} and ${pick.scoreAway} = ${match.scoreAway} then 1 else 0 end)`;
}

/** How a result change moves one pick's standing: the score after minus the score before, by `pickScoreSql`. */
export function pickScoreChangeSql(pick: ScoredPickSql, before: MatchResultSql, after: MatchResultSql, game: GameScoringSql): PickScoreSql {
  const [was, is] = [pickScoreSql(pick, before, game), pickScoreSql(pick, after, game)];
  return { correct: sql<number>`(${is.correct} - ${was.correct})`, points: sql<number>`(${is.points} - ${was.points})` };
}
