import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvolutionResponse } from '#contract/leaderboard';
import { leaderboardKeys } from './api.ts';
import { EvolutionChart } from './evolution-chart.tsx';

afterEach(cleanup);

type Point = EvolutionResponse['data']['jornadas'][number];
const point = (weekNumber: number, leaderPoints: number, position: number | null): Point => ({
  weekNumber,
  label: `Jornada ${weekNumber}`,
  position,
  points: position === null ? null : leaderPoints - position,
  leaderPoints,
  players: 4,
});

function renderChart(points: Point[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(leaderboardKeys.evolution(3), points);
  return render(
    <QueryClientProvider client={queryClient}>
      <EvolutionChart poolId={3} />
    </QueryClientProvider>,
  );
}

describe('the evolution chart', () => {
  it("writes the leader's points over each bar, not just its height", () => {
    renderChart([point(14, 3, 2), point(15, 7, 1), point(16, 9, null)]);
    expect(screen.getAllByTestId('leader-points').map((text) => text.textContent)).toEqual(['3', '7', '9']);
  });

  it('writes the first and the last when the jornadas are too many to label each', () => {
    renderChart(Array.from({ length: 12 }, (_, index) => point(index + 1, index * 2, 1)));
    expect(screen.getAllByTestId('leader-points').map((text) => text.textContent)).toEqual(['0', '22']);
  });
});
