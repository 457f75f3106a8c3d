import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GAME_RULES } from '#contract/game-rules';
import type { Prediction } from '#contract/predictions';
import { stubIntersectionObserver } from '../../lib/test-intersection-observer.ts';
import { testMatch } from '../matches/test-match.ts';
import { predictionKeys } from './api.ts';
import type { Fixture } from './fixtures.ts';

// The headings' dates are local days: pin the zone before the formatters are built.
vi.stubEnv('TZ', 'Europe/Madrid');
const { FIRST_BATCH, NEXT_BATCH, PredictionList } = await import('./prediction-list.tsx');

/** The observers the list created, so a test can say its last card came into view. */
const observers = stubIntersectionObserver();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const userId = 7;
const poolId = 3;
const team = { name: 'Equipo', logoUrl: '/favicon.svg' };
const hour = 3_600_000;
const minute = 60_000;

/** `rounds` jornadas of 10 matches, a week apart from jornada 14 on, three days each (Saturday to Monday). */
function season(rounds: number, firstKickoff = Date.parse('2026-11-28T15:00:00Z')): Fixture[] {
  return Array.from({ length: rounds * 10 }, (_, index) => {
    const weekNumber = 14 + Math.floor(index / 10);
    const kickoff = firstKickoff + (weekNumber - 14) * 7 * 24 * hour + (index % 10) * 6 * hour;
    return {
      match: testMatch({ id: index + 1, weekNumber, round: `Matchday ${weekNumber}`, matchDate: new Date(kickoff).toISOString() }),
      home: team,
      away: team,
    };
  });
}

function renderList(fixtures: Fixture[], picks: Pick<Prediction, 'matchId' | 'prediction'>[] = [], active = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(
    predictionKeys.mine(userId),
    picks.map((pick, index) => ({ id: index + 1, userId, poolId, scoreHome: null, scoreAway: null, joker: false, ...pick })),
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <PredictionList poolId={poolId} userId={userId} game={DEFAULT_GAME_RULES} fixtures={fixtures} active={active} />
    </QueryClientProvider>,
  );
}

const cards = () => screen.queryAllByTestId('prediction-card');
const headings = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const moreButton = () => screen.queryByRole('button', { name: 'Ver más partidos' });

describe('Predecir', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-20T12:00:00Z'), toFake: ['Date'] }));

  it('renders a first batch of a season’s 250 matches, then the next as its last card scrolls into view', () => {
    renderList(season(25));
    expect(cards()).toHaveLength(FIRST_BATCH);
    expect(headings()).toEqual(['Jornada 14 · 28–30 nov.']);

    act(() => observers.at(-1)!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(cards()).toHaveLength(FIRST_BATCH + NEXT_BATCH);
    expect(headings()).toEqual(['Jornada 14 · 28–30 nov.', 'Jornada 15 · 5–7 dic.', 'Jornada 16 · 12–14 dic.']);
    // A jornada cut by a batch still counts all its matches.
    expect(screen.getAllByTestId('jornada-status').map((status) => status.textContent)).toEqual([
      '0 de 10 pronosticados',
      '0 de 10 pronosticados',
      '0 de 10 pronosticados',
    ]);
  });

  it('renders the rest by itself, a batch each time the page is idle, until every card is there', () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderList(season(5));
    expect(cards()).toHaveLength(FIRST_BATCH);
    act(() => idle.shift()!({ didTimeout: false, timeRemaining: () => 10 }));
    expect(cards()).toHaveLength(FIRST_BATCH + NEXT_BATCH);
    while (idle.length > 0) act(() => idle.shift()!({ didTimeout: false, timeRemaining: () => 10 }));
    expect(cards()).toHaveLength(50);
    expect(moreButton()).toBeNull();
  });

  it('of an inactive pool says so and offers no choice (the server refuses every pick)', () => {
    renderList(season(1), [], false);
    expect(screen.getByTestId('pool-inactive').textContent).toBe('Esta quiniela está desactivada: no se pueden hacer pronósticos.');
    const choices = screen.getAllByRole('button', { name: /^(Local|Empate|Visitante)$/ });
    expect(choices).toHaveLength(3 * FIRST_BATCH);
    expect(choices.every((choice) => (choice as HTMLButtonElement).disabled)).toBe(true);
  });

  it('puts each jornada’s cards in a list under its heading, with the user’s picks there', () => {
    renderList(season(2), [
      { matchId: 1, prediction: 'home' },
      { matchId: 2, prediction: 'draw' },
      { matchId: 15, prediction: 'away' },
    ]);
    const section = screen.getByRole('region', { name: 'Jornada 14 · 28–30 nov.' });
    expect(within(section).getByRole('list')).toBeTruthy();
    expect(within(section).getAllByRole('listitem')).toHaveLength(FIRST_BATCH);
    expect(within(section).getByTestId('jornada-status').textContent).toBe('2 de 10 pronosticados');
  });

  it('moves focus from "Ver más partidos" to the first card added, or to that card when its pick is locked', () => {
    renderList(season(1), [{ matchId: FIRST_BATCH + 1, prediction: 'home' }]);
    fireEvent.click(moreButton()!);
    expect(cards()).toHaveLength(10);
    expect(document.activeElement).toBe(cards()[FIRST_BATCH]!.closest('li'));
    expect(moreButton()).toBeNull();
  });

  it('counts down to the next jornada’s first kick-off under 48 h, live, and names no time it does not have', () => {
    const firstKickoff = Date.now() + 5 * hour + 20 * minute;
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderList(season(2, firstKickoff));
    const [next] = screen.getAllByTestId('jornada-status');
    expect(next!.textContent).toBe('0 de 10 pronosticados · Empieza en 5 h 20 min');
    act(() => {
      vi.advanceTimersByTime(minute);
    });
    expect(next!.textContent).toBe('0 de 10 pronosticados · Empieza en 5 h 19 min');
    cleanup();

    const unconfirmed = season(1, firstKickoff).map((fixture) => ({
      ...fixture,
      match: { ...fixture.match, kickoffConfirmed: false },
    }));
    renderList(unconfirmed);
    expect(screen.getByTestId('jornada-status').textContent).toBe('0 de 10 pronosticados · Hora por confirmar');
  });

  it('names the competition in the headings when the matches span several', () => {
    const other = season(1, Date.parse('2026-11-27T19:00:00Z')).map((fixture) => ({
      ...fixture,
      match: { ...fixture.match, id: fixture.match.id + 1000, competition: 'worldcup-2026' },
    }));
    renderList([...season(1), ...other]);
    expect(headings()).toEqual(['Mundial 2026 · Jornada 14 · 27–30 nov.']);
  });
});
