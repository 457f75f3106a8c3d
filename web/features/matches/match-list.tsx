import { useMemo } from 'react';
import type { Match, Team } from '#contract/index';
import { MatchCard } from './match-card.tsx';
import { describeTeam, type ListedMatch, type TeamDisplay } from './upcoming-matches.ts';
import './match-list.css';

interface MatchListProps {
  matches: readonly ListedMatch[];
  teams: readonly Team[];
  savedIds: ReadonlySet<number>;
  onToggleSaved: (match: Match, home: TeamDisplay, away: TeamDisplay) => void;
}

export function MatchList({ matches, teams, savedIds, onToggleSaved }: MatchListProps) {
  const teamsById = useMemo(() => new Map(teams.map((team) => [team.id, team])), [teams]);
  return (
    // Focusable so keyboard users can scroll the list (axe: scrollable-region-focusable).
    <ul className="match-list" aria-label="Partidos" tabIndex={0}>
      {matches.map(({ match, resultPending }) => {
        const home = describeTeam(teamsById, match.homeTeamId);
        const away = describeTeam(teamsById, match.awayTeamId);
        return (
          <li key={match.id}>
            <MatchCard
              match={match}
              home={home}
              away={away}
              resultPending={resultPending}
              saved={savedIds.has(match.id)}
              onToggleSaved={() => onToggleSaved(match, home, away)}
            />
          </li>
        );
      })}
    </ul>
  );
}
