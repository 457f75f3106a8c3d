import { heart, heartOutline } from 'ionicons/icons';
import { memo } from 'react';
import { matchMessages, type Match } from '#contract/matches';
import type { Team } from '#contract/teams';
import { Icon } from '../../components/icon.tsx';
import { KickoffTime } from '../../components/kickoff-time.tsx';
import { TeamColumn } from '../../components/team-logo.tsx';
import { describeTeam, type TeamDisplay } from '../teams/api.ts';
import '../../components/card.css';
import './match-card.css';

interface MatchCardProps {
  match: Match;
  teamsById: ReadonlyMap<number, Team>;
  resultPending: boolean;
  saved: boolean;
  onToggleSaved: (match: Match, home: TeamDisplay, away: TeamDisplay) => void;
}

/**
 * A plain element styled as Ionic's card (components/card.css), not ion-card and
 * ion-card-content: two fewer web components to upgrade per card in a long list.
 * Memoised: its props are plain values and stable references, so a heart toggle
 * re-renders one card.
 */
export const MatchCard = memo(function MatchCard({
  match,
  teamsById,
  resultPending,
  saved,
  onToggleSaved,
}: MatchCardProps) {
  const home = describeTeam(teamsById, match.homeTeamId);
  const away = describeTeam(teamsById, match.awayTeamId);
  return (
    <div className="card match-card" data-testid="match-card" data-match-id={match.id}>
      <div className="match-card__header">
        <KickoffTime match={match} block="match-card" />
        {/* A native toggle button: aria-pressed is announced and kept in step as it changes. */}
        <button
          type="button"
          className="match-card__favorite"
          aria-label={saved ? 'Quitar de guardados' : 'Guardar partido'}
          aria-pressed={saved}
          onClick={() => onToggleSaved(match, home, away)}
        >
          <Icon src={saved ? heart : heartOutline} />
        </button>
      </div>
      {resultPending && <p className="match-card__pending">{matchMessages.startedWithoutResult}</p>}
      <div className="match-card__teams">
        <TeamColumn team={home} size={56} block="match-card" />
        <span className="match-card__versus">VS</span>
        <TeamColumn team={away} size={56} block="match-card" />
      </div>
    </div>
  );
});
