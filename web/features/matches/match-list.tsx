import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Match, Team } from '#contract/index';
import { MatchCard } from './match-card.tsx';
import type { ListedMatch, TeamDisplay } from './upcoming-matches.ts';
import '../../components/outline-button.css';
import './match-list.css';

/**
 * A phone screenful and a half (a card is ~190 px tall): the first paint needs no more, and every card
 * more was layout and team logos to paint while the app starts.
 */
export const FIRST_BATCH = 6;
/** Each further batch, rendered as the end of the list comes near. */
export const NEXT_BATCH = 40;

interface MatchListProps {
  matches: readonly ListedMatch[];
  teams: readonly Team[];
  savedIds: ReadonlySet<number>;
  /** Should be stable: the cards are memoised, so one toggle re-renders only its own card. */
  onToggleSaved: (match: Match, home: TeamDisplay, away: TeamDisplay) => void;
}

/**
 * Hundreds of cards at once block the main thread for seconds on a phone, so the
 * list renders a first batch and adds the next when its last card scrolls into
 * view; tabbing onto that card's heart scrolls it too, so keyboard users go on
 * into the new cards. The "Ver más partidos" button after the list does the same
 * for whoever gets there without scrolling (a screen reader's cursor), and moves
 * focus to the first card it added.
 */
export function MatchList({ matches, teams, savedIds, onToggleSaved }: MatchListProps) {
  const teamsById = useMemo(() => new Map(teams.map((team) => [team.id, team])), [teams]);
  const [shown, setShown] = useState(FIRST_BATCH);
  const showMore = useCallback(() => setShown((count) => count + NEXT_BATCH), []);
  const hasMore = matches.length > shown;
  const list = useRef<HTMLUListElement>(null);
  /** The first card the button added, to be focused once it is rendered. */
  const focusIndex = useRef<number | null>(null);

  // A new observer per batch, on its last card: it reports at once if that card is already in view.
  useEffect(() => {
    const lastCard = list.current?.lastElementChild;
    if (!hasMore || !lastCard) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showMore();
    });
    observer.observe(lastCard);
    return () => observer.disconnect();
  }, [hasMore, shown, showMore]);

  useEffect(() => {
    if (focusIndex.current === null) return;
    list.current?.children.item(focusIndex.current)?.querySelector('button')?.focus();
    focusIndex.current = null;
  }, [shown]);

  const showMoreFromButton = () => {
    focusIndex.current = shown;
    showMore();
  };

  return (
    <>
      {/* Focusable so keyboard users can scroll the list (axe: scrollable-region-focusable). */}
      <ul ref={list} className="match-list" aria-label="Partidos" tabIndex={0}>
        {matches.slice(0, shown).map(({ match, resultPending }) => (
          <li key={match.id}>
            <MatchCard
              match={match}
              teamsById={teamsById}
              resultPending={resultPending}
              saved={savedIds.has(match.id)}
              onToggleSaved={onToggleSaved}
            />
          </li>
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="outline-button match-list__more" onClick={showMoreFromButton}>
          Ver más partidos
        </button>
      )}
    </>
  );
}
