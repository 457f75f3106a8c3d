import type { MatchStatus, PredictionChoice } from '#contract/index';

/** The brief's scoring rule: 3 points per correct outcome. */
export const POINTS_PER_CORRECT_PICK = 3;

/** The outcome a finished match's score means; null while it has no final result. */
export function matchOutcome(match: { status: MatchStatus; scoreHome: number | null; scoreAway: number | null }): PredictionChoice | null {
  if (match.status !== 'finished' || match.scoreHome === null || match.scoreAway === null) return null;
  if (match.scoreHome > match.scoreAway) return 'home';
  if (match.scoreHome < match.scoreAway) return 'away';
  return 'draw';
}

/**
 * How one pick's standing moves when a match's outcome goes from `before` to
 * `after` (either may be null: not finished). Used for incremental standings.
 */
export function correctPickDelta(pick: PredictionChoice, before: PredictionChoice | null, after: PredictionChoice | null): -1 | 0 | 1 {
  return ((pick === after ? 1 : 0) - (pick === before ? 1 : 0)) as -1 | 0 | 1;
}
