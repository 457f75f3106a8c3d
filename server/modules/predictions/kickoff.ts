import type { Match } from '#contract/index';

/**
 * Picks close at kick-off, by server time. A match already live or finished is
 * closed whatever its date says (an admin may have moved the date).
 */
export function hasKickedOff(match: Pick<Match, 'matchDate' | 'status'>, now: Date): boolean {
  return match.status !== 'scheduled' || new Date(match.matchDate).getTime() <= now.getTime();
}
