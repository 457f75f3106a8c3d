import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoundRankingResponseSchema } from '#contract/leaderboard';
import type { z } from 'zod';
import { leaderboardKeys } from './api.ts';
import { JornadaTable } from './pool-ranking.tsx';

afterEach(cleanup);

type Round = z.infer<typeof RoundRankingResponseSchema>['data'];

function renderTable(round: Round, tieBreak?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(leaderboardKeys.round(3, round.weekNumber), round);
  return render(
    <QueryClientProvider client={queryClient}>
      <JornadaTable poolId={3} poolName="Peña" userId={7} weekNumber={round.weekNumber} played tieBreak={tieBreak} />
    </QueryClientProvider>,
  );
}

const positions = (winner: boolean) => [
  { position: 1, userId: 7, username: 'Ana', points: 3, correctPicks: 1, winner },
  { position: 2, userId: 8, username: 'Beto', points: 0, correctPicks: 0, winner: false },
];

describe('a jornada’s table', () => {
  it('says it is provisional while its matches are being played, and names no winner', () => {
    renderTable({
      weekNumber: 14,
      label: 'Jornada 14',
      winners: [],
      positions: positions(false),
      over: false,
      pending: 9,
    });
    expect(screen.getByTestId('jornada-provisional').textContent).toBe(
      'Jornada en juego · provisional Faltan 9 partidos por terminar: nadie ha ganado la jornada todavía.',
    );
    expect(screen.queryByTestId('jornada-winner')).toBeNull();
  });

  it('names its winner once it is over, and is not provisional any more', () => {
    renderTable({
      weekNumber: 14,
      label: 'Jornada 14',
      winners: [7],
      positions: positions(true),
      over: true,
      pending: 0,
    });
    expect(screen.queryByTestId('jornada-provisional')).toBeNull();
    expect(screen.getByTestId('jornada-winner').textContent).toBe('Ganador de la jornada');
  });

  it('says under it the pool’s tie-break, as the general answer says it (decision 083)', () => {
    const sentence = 'Empates: más jornadas ganadas, después más aciertos y, por último, el nombre.';
    renderTable({ weekNumber: 14, label: 'Jornada 14', winners: [7], positions: positions(true), over: true, pending: 0 }, sentence);
    expect(screen.getByText(sentence).className).toBe('pool-ranking__tie-break');
  });
});
