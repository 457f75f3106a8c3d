import type { Match } from '#contract/matches';

/** A match as the lists show it: still to be played, or kicked off and waiting for its result. */
export interface ListedMatch {
  match: Match;
  resultPending: boolean;
}

/**
 * A kick-off time that is not fixed is stored at noon of its day
 * (docs/decisions/001-matches-without-a-fixed-kick-off-time.md), so that match only counts as started once its
 * whole day is over.
 */
const UNCONFIRMED_DAY_LEFT_MS = 12 * 3_600_000;

export function hasKickedOff(match: Match, now: number): boolean {
  const kickoff = Date.parse(match.matchDate);
  return now >= (match.kickoffConfirmed ? kickoff : kickoff + UNCONFIRMED_DAY_LEFT_MS);
}

/**
 * Finished matches are hidden everywhere (the spec's match states). The rest read soonest first;
 * those already kicked off without a result go after them, the latest first.
 */
export function selectUpcomingMatches(matches: readonly Match[], now: number): ListedMatch[] {
  const byKickoff = (a: ListedMatch, b: ListedMatch) =>
    Date.parse(a.match.matchDate) - Date.parse(b.match.matchDate) || a.match.id - b.match.id;
  const listed = matches
    .filter((match) => match.status !== 'finished')
    .map((match) => ({ match, resultPending: hasKickedOff(match, now) }));
  return [
    ...listed.filter((m) => !m.resultPending).toSorted(byKickoff),
    ...listed.filter((m) => m.resultPending).toSorted((a, b) => byKickoff(b, a)),
  ];
}
