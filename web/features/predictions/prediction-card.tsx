import { lazy, Suspense } from 'react';
import type { GameMode } from '#contract/game-rules';
import { copiedFromText } from '#contract/jugada';
import { closesInText } from '#contract/pool-options';
import {
  pickText,
  picksCloseProvisionalNote,
  predictionLabels,
  predictionMessages,
  type Prediction,
  type PredictionChoice,
} from '#contract/predictions';
import { KickoffTime } from '../../components/kickoff-time.tsx';
import { TeamColumn } from '../../components/team-logo.tsx';
import { formatShortDateTime } from '../../lib/format-date.ts';
import type { Fixture, PickShape } from './fixtures.ts';
import '../../components/card.css';
import './match-row.css';
import './prediction-card.css';

const choices: readonly PredictionChoice[] = ['home', 'draw', 'away'];

const ScorePicker = lazy(() => import('./score-picker.tsx').then((module) => ({ default: module.ScorePicker })));

interface PredictionCardProps {
  fixture: Fixture;
  /** The pool's game: what the card asks for, and whether it offers the comodín. */
  mode: GameMode;
  joker: boolean;
  /** The pick already sent: it is then locked (the spec's prediction rule), unless `editable`. */
  pick: Prediction | null;
  /** "Permitir cambiar el pronóstico hasta el inicio del partido": a saved pick stays open until it closes. */
  editable: boolean;
  /** When its picks close (`pickDeadline`), and the time now, both in epoch milliseconds. */
  deadline: number;
  now: number;
  sending: boolean;
  /** The pool takes no pick (inactive): every choice is off. */
  disabled?: boolean;
  onPick: (pick: PickShape) => void;
  /** Puts the comodín on this match's pick (true) or takes it off; `jokerBusy` while a change is on its way. */
  onJoker: (on: boolean) => void;
  jokerBusy: boolean;
}

export function PredictionCard({
  fixture: { match, home, away },
  mode,
  joker,
  pick,
  editable,
  deadline,
  now,
  sending,
  disabled = false,
  onPick,
  onJoker,
  jokerBusy,
}: PredictionCardProps) {
  const locked = (pick !== null && !editable) || sending || disabled;
  return (
    <div className="card prediction-card" data-testid="prediction-card" data-match-id={match.id}>
      <div className="card__content">
        <KickoffTime match={match} block="prediction-card" />
        {deadline < Date.parse(match.matchDate) ? (
          // "Cierre antes del partido": picks close before kick-off, by the server's clock; say how soon.
          <p className="prediction-card__deadline" data-testid="prediction-closes">
            {closesInText(deadline, now)}
          </p>
        ) : (
          !match.kickoffConfirmed &&
          pick === null && (
            // The server closes picks at the stored kick-off, provisional or not: say when that is.
            <p className="prediction-card__deadline">
              {picksCloseProvisionalNote(formatShortDateTime(match.matchDate))}
            </p>
          )
        )}
        <div className="prediction-card__teams match-row">
          <TeamColumn team={home} size={36} block="prediction-card" />
          <span className="prediction-card__versus">VS</span>
          <TeamColumn team={away} size={36} block="prediction-card" />
        </div>
        {mode === 'exactScore' ? (
          // Only exact-score pools ask for a score: its module loads with their first card (a 1X2 pool's first load
          // goes without it).
          <Suspense fallback={null}>
            <ScorePicker home={home} away={away} pick={pick} locked={locked} onSave={onPick} />
          </Suspense>
        ) : (
          <div
            className="prediction-card__choices"
            role="group"
            aria-label={`Pronóstico: ${home.name} contra ${away.name}`}
          >
            {choices.map((choice) => (
              <button
                key={choice}
                type="button"
                className="prediction-card__choice"
                aria-pressed={pick?.prediction === choice}
                disabled={locked}
                onClick={() => {
                  if (choice !== pick?.prediction) onPick({ prediction: choice });
                }}
              >
                {predictionLabels[choice]}
              </button>
            ))}
          </div>
        )}
        {pick !== null && (
          <p className="prediction-card__saved">
            Tu pronóstico: {pickText(pick)}
            {editable && ' · puedes cambiarlo hasta el cierre'}
            {pick.copiedFrom && ` · ${copiedFromText(pick.copiedFrom.poolName)}`}
          </p>
        )}
        {joker && pick !== null && (
          <button
            type="button"
            className="prediction-card__joker"
            aria-pressed={pick.joker}
            disabled={jokerBusy || disabled}
            onClick={() => onJoker(!pick.joker)}
            data-testid="joker"
          >
            {predictionMessages.jokerLabel}
          </button>
        )}
      </div>
    </div>
  );
}
