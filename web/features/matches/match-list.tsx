import { useId, useMemo } from 'react';
import type { Match } from '#contract/matches';
import type { Team } from '#contract/teams';
import { useBatchedList } from '../../lib/use-batched-list.ts';
import { MatchCard } from './match-card.tsx';
import { groupByDay } from './match-groups.ts';
import type { TeamDisplay } from '../teams/api.ts';
import type { ListedMatch } from './upcoming-matches.ts';
import '../../components/card-list.css';
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
  /** When the list was loaded: a day heading names the year only when it is not this one. */
  now: number;
  /** Should be stable: the cards are memoised, so one toggle re-renders only its own card. */
  onToggleSaved: (match: Match, home: TeamDisplay, away: TeamDisplay) => void;
}

/**
 * The matches under a heading per day (match-groups.ts: "Sábado, 28 de noviembre", then "Pendientes de
 * resultado"), each day a list of its own. Renders its cards in batches across the days
 * (web/lib/use-batched-list.ts): hundreds at once would block a phone for seconds.
 */
export function MatchList({ matches, teams, savedIds, now, onToggleSaved }: MatchListProps) {
  const teamsById = useMemo(() => new Map(teams.map((team) => [team.id, team])), [teams]);
  const { shown, hasMore, listRef, showMoreFromButton } = useBatchedList<HTMLElement>(matches.length, {
    first: FIRST_BATCH,
    next: NEXT_BATCH,
    itemSelector: ':scope > .match-list__day > ul > li',
  });
  const groups = useMemo(() => groupByDay(matches.slice(0, shown), now), [matches, shown, now]);
  const id = useId();

  return (
    <>
      {/* Focusable so keyboard users can scroll the list (axe: scrollable-region-focusable). */}
      <section ref={listRef} className="match-list" aria-label="Partidos" tabIndex={0}>
        {groups.map((group) => (
          <div key={group.key} className="match-list__day">
            <h2 id={`${id}-${group.key}`} className="match-list__heading">
              {group.heading}
            </h2>
            <ul className="card-list" aria-labelledby={`${id}-${group.key}`}>
              {group.matches.map(({ match, resultPending }) => (
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
          </div>
        ))}
      </section>
      {hasMore && (
        <button type="button" className="outline-button outline-button--more" onClick={showMoreFromButton}>
          Ver más partidos
        </button>
      )}
    </>
  );
}
