import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PoolResultMatch, PoolResults as PoolResultsAnswer } from '#contract/pool-results';
import { resultKeys } from '../results/api.ts';
import { teamKeys } from '../teams/api.ts';
import { predictionKeys } from './api.ts';
import { PoolResults } from './pool-results.tsx';
import { commentsOpen, resultStatus } from './result-status.ts';

afterEach(cleanup);

const poolId = 3;
const userId = 7;

function resultMatch(overrides: Partial<PoolResultMatch>): PoolResultMatch {
  return {
    id: 1,
    competition: 'laliga-2026-27',
    round: 'Matchday 14',
    weekNumber: 14,
    matchDate: '2026-11-29T11:00:00.000Z',
    kickoffConfirmed: false,
    homeTeamId: 1,
    awayTeamId: 2,
    status: 'scheduled',
    scoreHome: null,
    scoreAway: null,
    kickedOff: false,
    ownPick: null,
    ownScoreHome: null,
    ownScoreAway: null,
    ownJoker: false,
    ownPoints: null,
    pointsByPick: null,
    picks: null,
    ...overrides,
  };
}

function renderResults(matches: PoolResultMatch[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const answer: PoolResultsAnswer = {
    poolId,
    participant: true,
    jornadas: [{ weekNumber: 14, label: 'Jornada 14', finished: 0, live: 0, started: 1 }],
    weekNumber: 14,
    matches,
  };
  queryClient.setQueryData(predictionKeys.poolResults(poolId, null), answer);
  queryClient.setQueryData(resultKeys.status(), {
    feeds: [
      { source: 'openfootball', label: 'openfootball', lastAttemptAt: null, failure: null, lastSuccessAt: null },
    ],
    schedule: { mode: 'near', nextPullAt: null },
  });
  queryClient.setQueryData(teamKeys.list(), [
    { id: 1, name: 'Sevilla', logoUrl: null, confederationId: null },
    { id: 2, name: 'Betis', logoUrl: null, confederationId: null },
  ]);
  return render(
    <QueryClientProvider client={queryClient}>
      <PoolResults poolId={poolId} userId={userId} comments={(matchId) => <p data-testid="comments">{matchId}</p>} />
    </QueryClientProvider>,
  );
}

const everyonesPicks = { total: 2, counts: { home: 1, draw: 1, away: 0 }, shown: [] };

describe('Resultados', () => {
  it('says a match past its kick-off has started, though the data still says scheduled, and opens its comments', () => {
    renderResults([
      resultMatch({ id: 1, kickedOff: true, picks: everyonesPicks }),
      resultMatch({ id: 2, matchDate: '2026-11-30T20:00:00.000Z', kickoffConfirmed: true }),
    ]);
    const [started, upcoming] = screen.getAllByTestId('result-card') as [HTMLElement, HTMLElement];
    expect(within(started).getByTestId('result-status').textContent).toBe('Empezado · sin resultado aún');
    expect(within(started).getByTestId('comments').textContent).toBe('1');
    expect(within(upcoming).queryByTestId('result-status')).toBeNull();
    expect(within(upcoming).queryByTestId('comments')).toBeNull();
  });

  it('says where results come from', () => {
    renderResults([resultMatch({})]);
    expect(screen.getByTestId('feed-status').textContent).toBe('Resultados de openfootball · todavía sin leer');
  });

  it('writes the kick-off as every screen does, not title-cased', async () => {
    renderResults([resultMatch({ kickedOff: true })]);
    expect(screen.getByTestId('result-card').querySelector('time')?.textContent).toMatch(
      /^domingo, 29 de noviembre de 2026/,
    );
    // The stylesheet does not capitalise each word of it ("Domingo, 29 De Noviembre De 2026"). Vitest hands CSS
    // imports over empty, so the file is read as written (Node's fs, which the browser build never sees).
    const fs = (await import(/* @vite-ignore */ `node:${'fs'}`)) as {
      readFileSync: (path: string, encoding: 'utf8') => string;
    };
    const css = fs.readFileSync('web/features/predictions/pool-results.css', 'utf8');
    const kickoffRule = /\.pool-results__kickoff\s*\{([^}]*)\}/.exec(css)?.[1];
    expect(kickoffRule).toBeDefined();
    expect(kickoffRule).not.toMatch(/text-transform/);
  });
});

describe('a result card’s status', () => {
  it('is the data’s when it has one, "started" from kick-off without one, and nothing before', () => {
    expect(resultStatus(resultMatch({ status: 'finished', scoreHome: 2, scoreAway: 1, kickedOff: true }))).toEqual({
      stage: 'finished',
      score: '2 – 1',
      note: 'Finalizado',
    });
    expect(resultStatus(resultMatch({ status: 'live', kickedOff: true }))).toEqual({
      stage: 'live',
      score: null,
      note: 'En juego',
    });
    expect(resultStatus(resultMatch({ kickedOff: true }))).toEqual({
      stage: 'started',
      score: null,
      note: 'Empezado · sin resultado aún',
    });
    expect(resultStatus(resultMatch({}))).toEqual({ stage: 'upcoming', score: null, note: null });
    expect(commentsOpen(resultMatch({ kickedOff: true }))).toBe(true);
    expect(commentsOpen(resultMatch({}))).toBe(false);
  });
});
