import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Match, Team } from '#contract/index';
import { MatchCard } from './match-card.tsx';
import type { ListedMatch, TeamDisplay } from './upcoming-matches.ts';
import './match-list.css';

/** About three phone screenfuls (a card is ~190 px tall): the first paint needs no more. */
export const FIRST_BATCH = 12;
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
 * list renders a first batch and adds more when its "Ver más partidos" button
 * scrolls into view. The button also works by itself: keyboard and screen-reader
 * users reach the rest of the list without scrolling.
 */
export function MatchList({ matches, teams, savedIds, onToggleSaved }: MatchListProps) {
  const teamsById = useMemo(() => new Map(teams.map((team) => [team.id, team])), [teams]);
  const [shown, setShown] = useState(FIRST_BATCH);
  const showMore = useCallback(() => setShown((count) => count + NEXT_BATCH), []);
  const hasMore = matches.length > shown;
  const moreButton = useRef<HTMLButtonElement>(null);

  // A new observer per batch: it reports at once if the button is still in view after the last one.
  useEffect(() => {
    const button = moreButton.current;
    if (!hasMore || !button) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showMore();
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [hasMore, shown, showMore]);

  return (
    <>
      {/* Focusable so keyboard users can scroll the list (axe: scrollable-region-focusable). */}
      <ul className="match-list" aria-label="Partidos" tabIndex={0}>
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
        <button ref={moreButton} type="button" className="match-list__more" onClick={showMore}>
          Ver más partidos
        </button>
      )}
    </>
  );
}
