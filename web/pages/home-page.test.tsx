import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Match } from '#contract/matches';
import { storeSignIn } from '../lib/session.ts';
import { testMatch } from '../features/matches/test-match.ts';
import { loadContract } from '../lib/contract.ts';
import { stubFetch } from '../lib/test-fetch.ts';
import { FavoritesPage } from './favorites-page.tsx';
import { HomePage } from './home-page.tsx';

beforeAll(() => loadContract());

const session = { accessToken: 'token-123', tokenType: 'Bearer', expiresAt: '2099-12-01T00:00:00.000Z' } as const;
const signInAs = (id: number) =>
  storeSignIn({ session, userProfile: { id, name: `U${id}`, email: `u${id}@example.com`, role: 'user' } });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
const MATCHES: Match[] = [
  testMatch({ id: 1, competition: 'laliga-2026-27', matchDate: day(2) }),
  testMatch({ id: 2, competition: 'worldcup-2026', matchDate: day(3) }),
  testMatch({ id: 3, competition: 'laliga-2026-27', matchDate: day(4) }),
  testMatch({
    id: 4,
    competition: 'worldcup-2026',
    matchDate: day(-30),
    status: 'finished',
    scoreHome: 1,
    scoreAway: 0,
  }),
];

const fetchMock = stubFetch();
let matches = MATCHES;
let favourites: number[] = [];
beforeEach(() => {
  matches = MATCHES;
  favourites = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  fetchMock.mockImplementation((url) => {
    const path = url instanceof Request ? new URL(url.url).pathname : url.toString();
    const data = path.startsWith('/api/matches') ? matches : path.startsWith('/api/favorites') ? favourites : [];
    return Promise.resolve(
      new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  signInAs(4);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const renderScreen = (screenElement: React.ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{screenElement}</MemoryRouter>
    </QueryClientProvider>,
  );
const shownIds = () => screen.queryAllByTestId('match-card').map((card) => Number(card.dataset.matchId));
const chip = (name: string) => within(screen.getByRole('group', { name: 'Competición' })).getByRole('button', { name });
/** Inicio, rendered, once its cards are in. */
async function openInicio() {
  const shown = renderScreen(<HomePage />);
  await screen.findAllByTestId('match-card');
  return shown;
}
/** Chooses the chip of `competition` on Inicio, then leaves the screen: the choice is remembered. */
async function chooseAndLeave(competition: string) {
  const shown = await openInicio();
  fireEvent.click(chip(competition));
  shown.unmount();
}

describe('Inicio', () => {
  it('lists every unfinished match under "Todas" by default, with a chip per competition in the list', async () => {
    await openInicio();
    expect(shownIds()).toEqual([1, 2, 3]);
    expect(
      within(screen.getByRole('group', { name: 'Competición' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Todas', 'LaLiga 2026/27', 'Mundial 2026']);
    expect(chip('Todas').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });

  it('shows one competition once chosen, remembers it for this user when the screen opens again, and "Todas" lists all again', async () => {
    const first = await openInicio();
    fireEvent.click(chip('LaLiga 2026/27'));
    expect(shownIds()).toEqual([1, 3]);
    expect(chip('LaLiga 2026/27').getAttribute('aria-pressed')).toBe('true');
    expect(chip('Todas').getAttribute('aria-pressed')).toBe('false');
    first.unmount();

    await openInicio();
    expect(shownIds()).toEqual([1, 3]);
    fireEvent.click(chip('Todas'));
    expect(shownIds()).toEqual([1, 2, 3]);
  });

  it('starts from "Todas" for another user on the same device', async () => {
    await chooseAndLeave('Mundial 2026');

    signInAs(5);
    await openInicio();
    expect(shownIds()).toEqual([1, 2, 3]);
  });

  it('says so when the remembered competition has no match left, and keeps its chip to go back to "Todas"', async () => {
    await chooseAndLeave('Mundial 2026');

    matches = MATCHES.filter((match) => match.competition !== 'worldcup-2026');
    renderScreen(<HomePage />);
    await screen.findByText('No hay partidos de Mundial 2026 disponibles. Elige «Todas» para ver los demás.');
    expect(shownIds()).toEqual([]);
    expect(chip('Mundial 2026').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip('Todas'));
    expect(shownIds()).toEqual([1, 3]);
    // One competition left and "Todas" chosen: nothing to filter, no chips.
    expect(screen.queryByRole('group', { name: 'Competición' })).toBeNull();
  });

  it("still says the spec's 'No hay partidos disponibles' when no match is left at all", async () => {
    matches = [];
    renderScreen(<HomePage />);
    await screen.findByText('No hay partidos disponibles');
    expect(screen.queryByRole('group', { name: 'Competición' })).toBeNull();
  });
});

describe('Favoritos', () => {
  it('groups the saved matches by day, offers no filter, and ignores the choice made on Inicio', async () => {
    await chooseAndLeave('LaLiga 2026/27');

    favourites = [2, 3];
    renderScreen(<FavoritesPage />);
    await screen.findAllByTestId('match-card');
    expect(shownIds()).toEqual([2, 3]);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Competición' })).toBeNull();
  });
});
