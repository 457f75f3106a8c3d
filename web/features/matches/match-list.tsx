import { useMemo } from 'react';
import type { Match, Team } from '#contract/index';
import { MatchCard } from './match-card.tsx';
import { describeTeam } from './upcoming-matches.ts';
import './match-list.css';

interface MatchListProps {
  matches: readonly Match[];
  teams: readonly Team[];
}

export function MatchList({ matches, teams }: MatchListProps) {
  const teamsById = useMemo(() => new Map(teams.map((team) => [team.id, team])), [teams]);
  return (
    // Focusable so keyboard users can scroll a list that has no controls of its own (axe: scrollable-region-focusable).
    <ul className="match-list" aria-label="Partidos" tabIndex={0}>
      {matches.map((match) => (
        <li key={match.id}>
          <MatchCard
            match={match}
            home={describeTeam(teamsById, match.homeTeamId)}
            away={describeTeam(teamsById, match.awayTeamId)}
          />
        </li>
      ))}
    </ul>
  );
}
