import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PickDistribution } from '#contract/predictions';
import { testMatch } from '../matches/test-match.ts';
import { predictionKeys } from './api.ts';
import { PoolPicks, scoresText } from './pool-picks.tsx';

afterEach(cleanup);

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

describe('"Cómo pronosticó la quiniela"', () => {
  const poolId = 3;
  const team = { name: 'Equipo', logoUrl: '/favicon.svg' };
  const now = Date.parse('2026-11-29T20:00:00Z');

  /** The jornada's matches, all kicked off, each picked as `picks` says (the server's answer, already in). */
  function renderPicks(picksByMatch: Pick[][]) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const fixtures = picksByMatch.map((picks, index) => {
      const match = testMatch({ id: index + 1, matchDate: '2026-11-29T15:00:00Z' });
      const counts = { home: 0, draw: 0, away: 0 };
      for (const { prediction } of picks) counts[prediction] += 1;
      queryClient.setQueryData(predictionKeys.poolPicks(poolId, match.id), { matchId: match.id, counts, picks });
      return { match, home: team, away: team };
    });
    render(
      <QueryClientProvider client={queryClient}>
        <PoolPicks poolId={poolId} weekNumber={14} fixtures={fixtures} now={now} />
      </QueryClientProvider>,
    );
    return screen.getAllByTestId('pool-picks-match');
  }

  it('shows the scores an exact-score pool picked under each match', () => {
    const [first, second] = renderPicks([[pick(1, [2, 1]), pick(2, [1, 1]), pick(3, [2, 1])], [pick(1, [0, 2])]]) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByTestId('pool-picks-scores').textContent).toBe('Marcadores: 2-1 (2) · 1-1 (1)');
    expect(within(first).getByText(/Local 2 · Empate 1 · Visitante 0/)).toBeTruthy();
    expect(within(second).getByTestId('pool-picks-scores').textContent).toBe('Marcadores: 0-2 (1)');
  });

  it('has no scores line in a 1X2 pool', () => {
    const [only] = renderPicks([[pick(1, null), pick(2, null)]]) as [HTMLElement];
    expect(within(only).queryByTestId('pool-picks-scores')).toBeNull();
  });
});
