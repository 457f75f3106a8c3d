import { IonCard, IonCardContent } from '@ionic/react';
import { closesInText, picksCloseProvisionalNote, predictionLabels } from '#contract/index';
import type { PredictionChoice } from '#contract/index';
import { TeamLogo } from '../../components/team-logo.tsx';
import { formatKickoff, formatShortDateTime } from '../../lib/format-date.ts';
import type { Fixture, FixtureTeam } from './fixtures.ts';
import './prediction-card.css';

const choices: readonly PredictionChoice[] = ['home', 'draw', 'away'];

interface PredictionCardProps {
  fixture: Fixture;
  /** The pick already sent: the choice is then locked (the spec's prediction rule), unless `editable`. */
  pick: PredictionChoice | null;
  /** "Permitir cambiar el pronóstico hasta el inicio del partido": a saved pick stays open until it closes. */
  editable: boolean;
  /** When its picks close (`pickDeadline`), and the time now, both in epoch milliseconds. */
  deadline: number;
  now: number;
  sending: boolean;
  onPick: (choice: PredictionChoice) => void;
}

export function PredictionCard({ fixture: { match, home, away }, pick, editable, deadline, now, sending, onPick }: PredictionCardProps) {
  const locked = (pick !== null && !editable) || sending;
  return (
    <IonCard className="prediction-card" data-testid="prediction-card" data-match-id={match.id}>
      <IonCardContent>
        <time className="prediction-card__kickoff" dateTime={match.matchDate}>
          {formatKickoff(match.matchDate, match.kickoffConfirmed)}
        </time>
        {deadline < Date.parse(match.matchDate) ? (
          // "Cierre antes del partido": picks close before kick-off, by the server's clock; say how soon.
          <p className="prediction-card__deadline" data-testid="prediction-closes">
            {closesInText(deadline, now)}
          </p>
        ) : (
          !match.kickoffConfirmed &&
          pick === null && (
            // The server closes picks at the stored kick-off, provisional or not: say when that is.
            <p className="prediction-card__deadline">{picksCloseProvisionalNote(formatShortDateTime(match.matchDate))}</p>
          )
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
              onClick={() => {
                if (choice !== pick) onPick(choice);
              }}
            >
              {predictionLabels[choice]}
            </button>
          ))}
        </div>
        {pick !== null && (
          <p className="prediction-card__saved">
            Tu pronóstico: {predictionLabels[pick]}
            {editable && ' · puedes cambiarlo hasta el cierre'}
          </p>
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
