import { describe, expect, it } from 'vitest';
import { pickCode, pickMark } from './jornada-table.ts';
import { plenoBucketLabel } from './la-quiniela.ts';

describe('a pick in "La jornada en una tabla"', () => {
  const outcome = { scoreHome: null, scoreAway: null };

  it('is written 1, X, 2, or as its score', () => {
    expect([pickCode({ prediction: 'home', ...outcome }), pickCode({ prediction: 'draw', ...outcome }), pickCode({ prediction: 'away', ...outcome })]).toEqual(['1', 'X', '2']);
    expect(pickCode({ prediction: 'home', scoreHome: 2, scoreAway: 1 })).toBe('2-1');
  });

  it('is marked by what it earned once the match is over, exact when it named the score, and not before', () => {
    const result = { scoreHome: 2, scoreAway: 1 };
    expect(pickMark({ ...outcome, points: 3 }, result)).toBe('hit');
    expect(pickMark({ ...outcome, points: 0 }, result)).toBe('miss');
    expect(pickMark({ scoreHome: 2, scoreAway: 1, points: 3 }, result)).toBe('exact');
    // Exact even when the game gives it nothing extra; points for one team's goals alone still count as a hit.
    expect(pickMark({ scoreHome: 2, scoreAway: 1, points: 0 }, result)).toBe('exact');
    expect(pickMark({ scoreHome: 0, scoreAway: 1, points: 1 }, result)).toBe('hit');
    expect(pickMark({ scoreHome: 2, scoreAway: 0, points: 3 }, { scoreHome: null, scoreAway: null })).toBe('hit');
    expect(pickMark({ ...outcome, points: null }, result)).toBeNull();
  });

  it('in a La Quiniela pool: the Pleno written in its buckets, an acierto or not (never exact)', () => {
    expect(pickCode({ prediction: 'home', scoreHome: 3, scoreAway: 1 }, plenoBucketLabel)).toBe('M-1');
    // Both buckets right without the 14: no acierto, and no "exact" either.
    expect(pickMark({ scoreHome: 2, scoreAway: 1, points: 0 }, { scoreHome: 2, scoreAway: 1 }, false)).toBe('miss');
    expect(pickMark({ scoreHome: 2, scoreAway: 1, points: 1 }, { scoreHome: 2, scoreAway: 1 }, false)).toBe('hit');
  });
});
