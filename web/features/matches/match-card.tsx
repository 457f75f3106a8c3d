import { IonCard, IonCardContent, IonIcon } from '@ionic/react';
import { heart, heartOutline } from 'ionicons/icons';
import { messages } from '#contract/index';
import type { Match } from '#contract/index';
import { TeamLogo } from '../../components/team-logo.tsx';
import { formatKickoff } from '../../lib/format-date.ts';
import type { TeamDisplay } from './upcoming-matches.ts';
import './match-card.css';

interface MatchCardProps {
  match: Match;
  home: TeamDisplay;
  away: TeamDisplay;
  resultPending: boolean;
  saved: boolean;
  onToggleSaved: () => void;
}

export function MatchCard({ match, home, away, resultPending, saved, onToggleSaved }: MatchCardProps) {
  return (
    <IonCard className="match-card" data-testid="match-card" data-match-id={match.id}>
      <IonCardContent>
        <div className="match-card__header">
          <time className="match-card__kickoff" dateTime={match.matchDate}>
            {formatKickoff(match.matchDate, match.kickoffConfirmed)}
          </time>
          {/* A native toggle button: aria-pressed is announced and kept in step as it changes. */}
          <button
            type="button"
            className="match-card__favorite"
            aria-label={saved ? 'Quitar de guardados' : 'Guardar partido'}
            aria-pressed={saved}
            onClick={onToggleSaved}
          >
            <IonIcon icon={saved ? heart : heartOutline} aria-hidden="true" />
          </button>
        </div>
        {resultPending && <p className="match-card__pending">{messages.resultPending}</p>}
        <div className="match-card__teams">
          <TeamColumn team={home} />
          <span className="match-card__versus">VS</span>
          <TeamColumn team={away} />
        </div>
      </IonCardContent>
    </IonCard>
  );
}

function TeamColumn({ team }: { team: TeamDisplay }) {
  return (
    <div className="match-card__team">
      <TeamLogo name={team.name} logoUrl={team.logoUrl} size={56} />
      <span className="match-card__team-name">{team.name}</span>
    </div>
  );
}
