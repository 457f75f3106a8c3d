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
