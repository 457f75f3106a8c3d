import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubIntersectionObserver } from '../../lib/test-intersection-observer.ts';
import { FIRST_BATCH, MatchList, NEXT_BATCH } from './match-list.tsx';
import { testMatch } from './test-match.ts';

/** The observers the list created, so a test can say its button came into view. */
const observers = stubIntersectionObserver();

afterEach(() => {
  cleanup();
});

const NOW = Date.parse('2026-11-25T10:00:00Z');

/** `count` matches from 1 December 2026, `perDay` a day, at noon (the same day in any time zone the tests run in). */
function listed(count: number, perDay = 1) {
  return Array.from({ length: count }, (_, index) => ({
    match: testMatch({
      id: index + 1,
      matchDate: new Date(Date.UTC(2026, 11, 1 + Math.floor(index / perDay), 12, index % perDay)).toISOString(),
    }),
    resultPending: false,
  }));
}

const renderMatches = (matches: ReturnType<typeof listed>) =>
  render(<MatchList matches={matches} teams={[]} savedIds={new Set()} now={NOW} onToggleSaved={() => {}} />);
const renderList = (count: number, perDay = 1) => renderMatches(listed(count, perDay));
const cards = () => screen.queryAllByTestId('match-card');
const moreButton = () => screen.queryByRole('button', { name: 'Ver más partidos' });
const dayHeadings = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the match list', () => {
  it('renders a first batch, then the next one when its last card scrolls into view', () => {
    renderList(FIRST_BATCH + NEXT_BATCH + 5);
    expect(cards()).toHaveLength(FIRST_BATCH);

    const current = observers.at(-1)!;
    act(() => current.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(cards()).toHaveLength(FIRST_BATCH + NEXT_BATCH);
    // A fresh observer on the new last card: it reports at once if that card is already in view.
    expect(current.disconnected).toBe(true);
    expect(observers.at(-1)!.disconnected).toBe(false);
  });

  it('shows the rest from its button without scrolling, focuses the first card added, and the button goes', () => {
    renderList(FIRST_BATCH + 5);
    fireEvent.click(moreButton()!);
    expect(cards()).toHaveLength(FIRST_BATCH + 5);
    expect(document.activeElement).toBe(within(cards()[FIRST_BATCH]!).getByRole('button'));
    expect(moreButton()).toBeNull();
  });

  it('puts each day under its heading, each day a list named by it', () => {
    renderList(5, 2);
    expect(dayHeadings()).toEqual(['Martes, 1 de diciembre', 'Miércoles, 2 de diciembre', 'Jueves, 3 de diciembre']);
    const firstDay = screen.getByRole('list', { name: 'Martes, 1 de diciembre' });
    expect(
      within(firstDay)
        .getAllByTestId('match-card')
        .map((card) => card.dataset.matchId),
    ).toEqual(['1', '2']);
    expect(
      within(screen.getByRole('list', { name: 'Jueves, 3 de diciembre' })).getAllByTestId('match-card'),
    ).toHaveLength(1);
  });

  it('batches across the days: the first batch ends mid-day, the next one goes on in that day and after it', () => {
    // 4 a day: the first batch (6) is a whole day and half the next.
    renderList(FIRST_BATCH + NEXT_BATCH + 5, 4);
    expect(cards()).toHaveLength(FIRST_BATCH);
    expect(dayHeadings()).toEqual(['Martes, 1 de diciembre', 'Miércoles, 2 de diciembre']);
    expect(
      within(screen.getByRole('list', { name: 'Miércoles, 2 de diciembre' })).getAllByTestId('match-card'),
    ).toHaveLength(2);

    act(() =>
      observers.at(-1)!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(cards()).toHaveLength(FIRST_BATCH + NEXT_BATCH);
    expect(
      within(screen.getByRole('list', { name: 'Miércoles, 2 de diciembre' })).getAllByTestId('match-card'),
    ).toHaveLength(4);
    // The observer watches the last card rendered, in the last day so far.
    expect(dayHeadings()).toHaveLength(Math.ceil((FIRST_BATCH + NEXT_BATCH) / 4));
  });

  it('from its button, focuses the first card added even when it opens a new day', () => {
    renderList(FIRST_BATCH + 3, 3);
    fireEvent.click(moreButton()!);
    const added = within(screen.getByRole('list', { name: 'Jueves, 3 de diciembre' })).getAllByTestId('match-card')[0]!;
    expect(document.activeElement).toBe(within(added).getByRole('button'));
  });

  it('lists the matches waiting for their result last, under a heading of their own, each saying it has started', () => {
    const matches = listed(3);
    matches.push({ match: testMatch({ id: 99, matchDate: '2026-11-24T20:00:00Z' }), resultPending: true });
    renderMatches(matches);
    expect(dayHeadings()).toEqual([
      'Martes, 1 de diciembre',
      'Miércoles, 2 de diciembre',
      'Jueves, 3 de diciembre',
      'Pendientes de resultado',
    ]);
    const started = within(screen.getByRole('list', { name: 'Pendientes de resultado' })).getByTestId('match-card');
    expect(started.dataset.matchId).toBe('99');
    // Resultados' words for it: its stored status may still say scheduled.
    expect(started.querySelector('.match-card__pending')?.textContent).toBe('Empezado · sin resultado aún');
    expect(document.querySelectorAll('.match-card__pending')).toHaveLength(1);
  });

  it('has no button when every match fits in the first batch', () => {
    renderList(3);
    expect(cards()).toHaveLength(3);
    expect(moreButton()).toBeNull();
  });
});
