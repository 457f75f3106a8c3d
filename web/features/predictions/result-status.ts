import { matchMessages } from '#contract/matches';
import { poolResultsMessages, type PoolResultMatch } from '#contract/pool-results';

/** How far a match of "Resultados" is: over, under way, or past its kick-off with no word from the data yet. */
export type ResultStage = 'finished' | 'live' | 'started' | 'upcoming';

/**
 * What the middle of a result card says: the score as the data has it, and the match's stage in words. From its
 * kick-off (the server's clock, `kickedOff`) a match has started whatever its stored status: the shipped data never
 * marks one live, so a `scheduled` match past its kick-off says so instead of looking unplayed.
 */
export function resultStatus(match: Pick<PoolResultMatch, 'status' | 'scoreHome' | 'scoreAway' | 'kickedOff'>): {
  stage: ResultStage;
  score: string | null;
  note: string | null;
} {
  const score = match.scoreHome !== null && match.scoreAway !== null ? `${match.scoreHome} – ${match.scoreAway}` : null;
  if (match.status === 'finished') return { stage: 'finished', score, note: poolResultsMessages.finished };
  if (match.status === 'live') return { stage: 'live', score, note: poolResultsMessages.live };
  if (match.kickedOff) return { stage: 'started', score: null, note: matchMessages.startedWithoutResult };
  return { stage: 'upcoming', score: null, note: null };
}

/** A match's comments open once it has kicked off, as the server takes them (the wall's rule), whatever its status. */
export const commentsOpen = (match: Pick<PoolResultMatch, 'kickedOff'>): boolean => match.kickedOff;
