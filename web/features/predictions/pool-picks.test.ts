import { describe, expect, it } from 'vitest';
import type { PickDistribution } from '#contract/predictions';
import { scoresText } from './pool-picks.tsx';

type Pick = PickDistribution['picks'][number];
const pick = (userId: number, score: [number, number] | null): Pick => ({
  userId,
  username: `Jugador ${userId}`,
  prediction: score === null ? 'home' : score[0] > score[1] ? 'home' : score[0] < score[1] ? 'away' : 'draw',
  scoreHome: score?.[0] ?? null,
  scoreAway: score?.[1] ?? null,
  joker: false,
});

describe('scoresText: the scores an exact-score pool picked', () => {
  it('lists them, the most picked first, then by score', () => {
    const picks = [
      pick(1, [2, 1]),
      pick(2, [1, 1]),
      pick(3, [2, 1]),
      pick(4, [0, 0]),
      pick(5, [1, 1]),
      pick(6, [2, 1]),
    ];
    expect(scoresText(picks)).toBe('Marcadores: 2-1 (3) · 1-1 (2) · 0-0 (1)');
  });

  it('counts the rest past the first five', () => {
    const picks = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 0],
    ].map((s, i) => pick(i, s as [number, number]));
    expect(scoresText(picks)).toBe('Marcadores: 0-0 (1) · 1-0 (1) · 2-0 (1) · 3-0 (1) · 4-0 (1) · y 2 más');
  });

  it('is null in a 1X2 pool, whose outcomes are counted already', () => {
    expect(scoresText([pick(1, null), pick(2, null)])).toBeNull();
  });
});
