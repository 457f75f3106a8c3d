import { describe, expect, it } from 'vitest';
import { matchOutcome, resultChangeScores, scorePick } from './scoring.ts';

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

describe('scorePick', () => {
  it('gives 3 points and a correct pick for the right outcome of a finished match, nothing otherwise', () => {
    expect(scorePick('home', { status: 'finished', scoreHome: 2, scoreAway: 1 })).toEqual({ correct: 1, points: 3 });
    expect(scorePick('draw', { status: 'finished', scoreHome: 2, scoreAway: 1 })).toEqual({ correct: 0, points: 0 });
    expect(scorePick('home', { status: 'live', scoreHome: 2, scoreAway: 1 })).toEqual({ correct: 0, points: 0 });
  });
});

describe('resultChangeScores', () => {
  it('is true exactly when the outcome changes', () => {
    expect(resultChangeScores({ status: 'finished', scoreHome: 2, scoreAway: 1 }, { status: 'finished', scoreHome: 3, scoreAway: 0 })).toBe(false);
    expect(resultChangeScores({ status: 'scheduled', scoreHome: null, scoreAway: null }, { status: 'live', scoreHome: 1, scoreAway: 0 })).toBe(false);
    expect(resultChangeScores({ status: 'live', scoreHome: 1, scoreAway: 1 }, { status: 'finished', scoreHome: 1, scoreAway: 1 })).toBe(true);
    expect(resultChangeScores({ status: 'finished', scoreHome: 2, scoreAway: 1 }, { status: 'finished', scoreHome: 1, scoreAway: 2 })).toBe(true);
  });
});
