import { describe, expect, it } from 'vitest';
import type { Match } from '#contract/matches';
import { testMatch } from '../matches/test-match.ts';
import { currentRound } from './current-round.ts';

const now = Date.parse('2026-11-22T12:00:00Z');
const fixture = (id: number, matchDate: string, status: Match['status'], weekNumber: number) => ({
  match: testMatch({ id, round: `Matchday ${weekNumber}`, weekNumber, matchDate, status }),
});

describe('the current round', () => {
  const fixtures = [
    fixture(1, '2026-11-15T20:00:00Z', 'finished', 12),
    fixture(2, '2026-11-08T20:00:00Z', 'finished', 11),
    fixture(3, '2026-11-22T11:00:00Z', 'scheduled', 13),
    fixture(4, '2026-11-29T11:00:00Z', 'scheduled', 14),
  ];

  it('takes the round of the last kick-off as the current one', () => {
    expect(currentRound(fixtures, now)).toBe(13);
    expect(currentRound([fixture(4, '2026-11-29T11:00:00Z', 'scheduled', 14)], now)).toBeNull();
  });
});
