import { IonCard, IonCardContent } from '@ionic/react';
import { picksCloseProvisionalNote, predictionLabels } from '#contract/index';
import type { PredictionChoice } from '#contract/index';
import { TeamLogo } from '../../components/team-logo.tsx';
import { formatKickoff, formatShortDateTime } from '../../lib/format-date.ts';
import type { Fixture, FixtureTeam } from './fixtures.ts';
import './prediction-card.css';

const choices: readonly PredictionChoice[] = ['home', 'draw', 'away'];

interface PredictionCardProps {
  fixture: Fixture;
  /** The pick already sent: the choice is then locked (the spec's prediction rule). */
  pick: PredictionChoice | null;
  sending: boolean;
  onPick: (choice: PredictionChoice) => void;
}

export function PredictionCard({ fixture: { match, home, away }, pick, sending, onPick }: PredictionCardProps) {
  const locked = pick !== null || sending;
  return (
    <IonCard className="prediction-card" data-testid="prediction-card" data-match-id={match.id}>
      <IonCardContent>
        <time className="prediction-card__kickoff" dateTime={match.matchDate}>
          {formatKickoff(match.matchDate, match.kickoffConfirmed)}
        </time>
        {!match.kickoffConfirmed && pick === null && (
          // The server closes picks at the stored kick-off, provisional or not: say when that is.
          <p className="prediction-card__deadline">{picksCloseProvisionalNote(formatShortDateTime(match.matchDate))}</p>
        )}
        <div className="prediction-card__teams">
          <Team team={home} />
          <span className="prediction-card__versus">VS</span>
          <Team team={away} />
        </div>
        <div className="prediction-card__choices" role="group" aria-label={`Pronóstico: ${home.name} contra ${away.name}`}>
          {choices.map((choice) => (
            <button
              key={choice}
              type="button"
              className="prediction-card__choice"
              aria-pressed={pick === choice}
              disabled={locked}
              onClick={() => onPick(choice)}
            >
              {predictionLabels[choice]}
            </button>
          ))}
        </div>
        {pick !== null && (
          <p className="prediction-card__saved">Tu pronóstico: {predictionLabels[pick]}</p>
        )}
      </IonCardContent>
    </IonCard>
  );
}

function Team({ team }: { team: FixtureTeam }) {
  return (
    <div className="prediction-card__team">
      <TeamLogo name={team.name} logoUrl={team.logoUrl} size={36} />
      <span className="prediction-card__team-name">{team.name}</span>
    </div>
  );
}
