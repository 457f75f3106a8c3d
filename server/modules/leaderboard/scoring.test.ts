import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PredictionChoice } from '#contract/index';
import { correctPickDelta, matchOutcome } from './scoring.ts';

describe('matchOutcome', () => {
  it('reads home, draw and away from a finished score', () => {
    expect(matchOutcome({ status: 'finished', scoreHome: 2, scoreAway: 1 })).toBe('home');
    expect(matchOutcome({ status: 'finished', scoreHome: 0, scoreAway: 0 })).toBe('draw');
    expect(matchOutcome({ status: 'finished', scoreHome: 1, scoreAway: 3 })).toBe('away');
  });

  it('has no outcome until the match is finished', () => {
    expect(matchOutcome({ status: 'live', scoreHome: 2, scoreAway: 0 })).toBeNull();
    expect(matchOutcome({ status: 'scheduled', scoreHome: null, scoreAway: null })).toBeNull();
  });
});

describe('correctPickDelta', () => {
  const choice = fc.constantFrom<PredictionChoice>('home', 'draw', 'away');
  const outcome = fc.option(choice, { nil: null });

  it('summed over any sequence of result changes equals scoring the last result (property)', () => {
    fc.assert(
      fc.property(choice, fc.array(outcome, { maxLength: 10 }), (pick, results) => {
        let correct = 0;
        let previous: PredictionChoice | null = null;
        for (const next of results) {
          correct += correctPickDelta(pick, previous, next);
          previous = next;
        }
        expect(correct).toBe(previous === pick ? 1 : 0);
      }),
    );
  });
});
