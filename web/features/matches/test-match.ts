import type { Match } from '#contract/matches';

/** A scheduled match for the unit tests, with whatever fields a test sets. */
export function testMatch(overrides: Partial<Match> = {}): Match {
  return {
    id: 42,
    competition: 'laliga-2026-27',
    round: 'Jornada 14',
    weekNumber: 14,
    matchDate: '2026-11-28T20:00:00Z',
    kickoffConfirmed: true,
    homeTeamId: 1,
    awayTeamId: 2,
    scoreHome: null,
    scoreAway: null,
    status: 'scheduled',
    ...overrides,
  };
}

/** A match of round `weekNumber`, labelled as its data would be ("Matchday N"): for the tests of lists by round. */
export function testRoundMatch(
  id: number,
  matchDate: string,
  status: Match['status'],
  weekNumber = 1,
  more: Partial<Match> = {},
): Match {
  return testMatch({ id, round: `Matchday ${weekNumber}`, weekNumber, matchDate, status, ...more });
}

/** Rounds 11 and 12 played, 13 kicked off at 11:00 UTC on 22 November 2026 and 14 a week later; not in order. */
export const ROUNDS_11_TO_14 = [
  testRoundMatch(1, '2026-11-15T20:00:00Z', 'finished', 12),
  testRoundMatch(2, '2026-11-08T20:00:00Z', 'finished', 11),
  testRoundMatch(3, '2026-11-22T11:00:00Z', 'scheduled', 13),
  testRoundMatch(4, '2026-11-29T11:00:00Z', 'scheduled', 14),
];
