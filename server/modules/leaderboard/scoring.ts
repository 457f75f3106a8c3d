import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PredictionChoiceSchema, type Match, type PredictionChoice } from '#contract/index';

/**
 * The scoring rule, written twice on purpose and nowhere else: `scorePick` in TypeScript (the reference)
 * and `pickScoreSql` in SQL (what standings are computed with). tests/api/scoring-rule.test.ts holds the
 * two equal on random cases against a real database. A pool's scoring settings, when they come, are one
 * more argument to both.
 */

/** The brief's scoring rule: 3 points per correct outcome. */
export const POINTS_PER_CORRECT_PICK = 3;

/** What scoring reads of a match. */
export type MatchResult = Pick<Match, 'status' | 'scoreHome' | 'scoreAway'>;

/** What one pick adds to its standing: a correct pick (0 or 1) and its points. */
export interface PickScore {
  correct: number;
  points: number;
}

/** The outcome a finished match's score means; null while it has no final result. */
export function matchOutcome(match: MatchResult): PredictionChoice | null {
  if (match.status !== 'finished' || match.scoreHome === null || match.scoreAway === null) return null;
  if (match.scoreHome > match.scoreAway) return 'home';
  if (match.scoreHome < match.scoreAway) return 'away';
  return 'draw';
}

/** The reference: what `pick` scores on `match` as it stands (nothing until the match is finished). */
export function scorePick(pick: PredictionChoice, match: MatchResult): PickScore {
  const correct = pick === matchOutcome(match) ? 1 : 0;
  return { correct, points: correct * POINTS_PER_CORRECT_PICK };
}

/** Whether going from `before` to `after` changes what any pick scores (when not, no standing moves). */
export function resultChangeScores(before: MatchResult, after: MatchResult): boolean {
  return PredictionChoiceSchema.options.some((pick) => {
    const [was, is] = [scorePick(pick, before), scorePick(pick, after)];
    return was.correct !== is.correct || was.points !== is.points;
  });
}

/** A `PickScore` as SQL integer expressions. */
export type PickScoreSql = { [K in keyof PickScore]: SQL<number> };

/** A match result as SQL expressions: a row's columns, or values bound by `resultValues`. */
export interface MatchResultSql {
  status: SQLWrapper;
  scoreHome: SQLWrapper;
  scoreAway: SQLWrapper;
}

/** A result known in TypeScript (a match before or after a change) as typed SQL parameters. */
export function resultValues(match: MatchResult): MatchResultSql {
  return {
    status: sql`${match.status}::text`,
    scoreHome: sql`${match.scoreHome}::int`,
    scoreAway: sql`${match.scoreAway}::int`,
  };
}

/** SQL of `matchOutcome`: 'home', 'draw' or 'away' for a finished score, null otherwise. */
function outcomeSql({ status, scoreHome, scoreAway }: MatchResultSql): SQL<PredictionChoice | null> {
  return sql`(case when ${status} = 'finished' then
    case when ${scoreHome} > ${scoreAway} then 'home' when ${scoreHome} < ${scoreAway} then 'away' when ${scoreHome} = ${scoreAway} then 'draw' end
  end)`;
}

/** The SQL definition, the same rule as `scorePick`: what the pick `pick` (an expression) scores on `match`. */
export function pickScoreSql(pick: SQLWrapper, match: MatchResultSql): PickScoreSql {
  const correct = sql<number>`(case when ${pick} = ${outcomeSql(match)} then 1 else 0 end)`;
  return { correct, points: sql<number>`(${correct} * ${POINTS_PER_CORRECT_PICK}::int)` };
}

/** How a result change moves one pick's standing: the score after minus the score before, by `pickScoreSql`. */
export function pickScoreChangeSql(pick: SQLWrapper, before: MatchResultSql, after: MatchResultSql): PickScoreSql {
  const [was, is] = [pickScoreSql(pick, before), pickScoreSql(pick, after)];
  return { correct: sql<number>`(${is.correct} - ${was.correct})`, points: sql<number>`(${is.points} - ${was.points})` };
}
