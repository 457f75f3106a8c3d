import { useState } from 'react';
import { PREDICTED_GOALS_MAX } from '#contract/game-rules';
import { predictionMessages, type Prediction } from '#contract/predictions';
import type { FixtureTeam, PickShape } from './fixtures.ts';

/** Two steppers, 0–20 goals each, side by side under their teams: a thumb reaches every button. */
export function ScorePicker({
  home,
  away,
  pick,
  locked,
  onSave,
}: {
  home: FixtureTeam;
  away: FixtureTeam;
  pick: Prediction | null;
  locked: boolean;
  onSave: (pick: PickShape) => void;
}) {
  const saved =
    pick === null || pick.scoreHome === null || pick.scoreAway === null
      ? null
      : ([pick.scoreHome, pick.scoreAway] as [number, number]);
  // An editable saved score (the pool lets picks change until they close) starts from what was saved.
  const [goals, setGoals] = useState<[number, number]>(saved ?? [0, 0]);
  const shown = locked && saved !== null ? saved : goals;
  const unchanged = saved !== null && saved[0] === goals[0] && saved[1] === goals[1];
  const set = (side: 0 | 1, value: number) =>
    setGoals((current) => (side === 0 ? [value, current[1]] : [current[0], value]));
  return (
    <>
      <div className="prediction-card__score match-row" role="group" aria-label={`Resultado: ${home.name} contra ${away.name}`}>
        <Stepper team={home} value={shown[0]} disabled={locked} onChange={(value) => set(0, value)} />
        <span className="prediction-card__dash" aria-hidden="true">
          –
        </span>
        <Stepper team={away} value={shown[1]} disabled={locked} onChange={(value) => set(1, value)} />
      </div>
      {(pick === null || !locked) && (
        <button
          type="button"
          className="prediction-card__save"
          disabled={locked || unchanged}
          onClick={() => onSave({ scoreHome: goals[0], scoreAway: goals[1] })}
        >
          {predictionMessages.scoreSave}
        </button>
      )}
    </>
  );
}

function Stepper({
  team,
  value,
  disabled,
  onChange,
}: {
  team: FixtureTeam;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <div className="prediction-card__stepper">
      <button
        type="button"
        aria-label={predictionMessages.less(team.name)}
        disabled={disabled || value <= 0}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output aria-label={predictionMessages.scoreLabel(team.name)} data-testid="goals">
        {value}
      </output>
      <button
        type="button"
        aria-label={predictionMessages.more(team.name)}
        disabled={disabled || value >= PREDICTED_GOALS_MAX}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
