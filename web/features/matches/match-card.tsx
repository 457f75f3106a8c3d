import { IonCard, IonCardContent } from '@ionic/react';
import type { Match } from '#contract/index';
import { TeamLogo } from '../../components/team-logo.tsx';
import { formatKickoff } from '../../lib/format-date.ts';
import type { TeamDisplay } from './upcoming-matches.ts';
import './match-card.css';

interface MatchCardProps {
  match: Match;
  home: TeamDisplay;
  away: TeamDisplay;
}

export function MatchCard({ match, home, away }: MatchCardProps) {
  return (
    <IonCard className="match-card" data-testid="match-card">
      <IonCardContent>
        <time className="match-card__kickoff" dateTime={match.matchDate}>
          {formatKickoff(match.matchDate, match.kickoffConfirmed)}
        </time>
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
