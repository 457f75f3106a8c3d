import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_BATCH, MatchList, NEXT_BATCH } from './match-list.tsx';
import { testMatch } from './test-match.ts';

/** The observers the list created, so a test can say its button came into view. */
let observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: IntersectionObserverCallback; disconnected: boolean };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function listed(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    match: testMatch({ id: index + 1, matchDate: new Date(Date.UTC(2026, 11, 1 + index, 18)).toISOString() }),
    resultPending: false,
  }));
}

const renderList = (count: number) =>
  render(<MatchList matches={listed(count)} teams={[]} savedIds={new Set()} onToggleSaved={() => {}} />);
const cards = () => screen.queryAllByTestId('match-card');
const moreButton = () => screen.queryByRole('button', { name: 'Ver más partidos' });

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

  it('has no button when every match fits in the first batch', () => {
    renderList(3);
    expect(cards()).toHaveLength(3);
    expect(moreButton()).toBeNull();
  });
});
