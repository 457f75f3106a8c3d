import { describe, expect, it } from 'vitest';
import { ROUNDS_11_TO_14, testRoundMatch } from '../matches/test-match.ts';
import { currentRound } from './current-round.ts';

const now = Date.parse('2026-11-22T12:00:00Z');
const fixture = (...match: Parameters<typeof testRoundMatch>) => ({ match: testRoundMatch(...match) });

describe('the current round', () => {
  const fixtures = ROUNDS_11_TO_14.map((match) => ({ match }));

  it('takes the round of the last kick-off as the current one', () => {
    expect(currentRound(fixtures, now)).toBe(13);
    expect(currentRound([fixture(4, '2026-11-29T11:00:00Z', 'scheduled', 14)], now)).toBeNull();
  });
});
