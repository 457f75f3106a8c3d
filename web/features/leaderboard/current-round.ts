import type { Match } from '#contract/matches';
import { picksClosed } from '#contract/predictions';

/** The round of the last match to kick off: the one people talk about. Null before the first kick-off. */
export function currentRound(fixtures: readonly { match: Match }[], now: number): number | null {
  let latest: Match | null = null;
  for (const { match } of fixtures) {
    if (picksClosed(match, now) && (latest === null || Date.parse(match.matchDate) > Date.parse(latest.matchDate))) {
      latest = match;
    }
  }
  return latest?.weekNumber ?? null;
}

export const roundLabel = (weekNumber: number) => `Jornada ${weekNumber}`;
