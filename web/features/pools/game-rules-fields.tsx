import {
  OUTCOME_POINTS,
  PRESET_POINTS,
  POINTS_MAX,
  gameModeLabels,
  gameRulesMessages,
  pointsLines,
  pointsPresetLabels,
  presetExamples,
  type GameMode,
  type GameRulesInput,
  type PointsPreset,
  type ScoringPoints,
} from '#contract/game-rules';
import { fromRoundPhrase, type CompetitionRound } from '#contract/matches';
import type { Dispatch, SetStateAction } from 'react';
import { InputField } from '../../ionic/input-field.tsx';
import { SelectField } from '../../ionic/select-field.tsx';
import { IonToggle } from '../../ionic/toggle.ts';
import { laQuinielaRuleLines } from '#contract/la-quiniela-rules';
import { formFields } from '../../lib/form-fields.ts';

/** What the create form holds of the game (contract/game-rules.ts); custom points as typed. */
export interface GameChoice {
  mode: GameMode;
  preset: PointsPreset;
  custom: Record<keyof ScoringPoints, string>;
  joker: boolean;
  /** 0: no multiplier. */
  knockoutFromWeek: number;
}

export const DEFAULT_GAME_CHOICE: GameChoice = {
  mode: 'outcome',
  preset: 'clasica',
  custom: { exact: '3', difference: '2', outcome: '1', teamGoals: '0' },
  joker: false,
  knockoutFromWeek: 0,
};

/** The create body's `game`; none for the specification's game, so its body stays the spec's. */
export function gameInput(choice: GameChoice): GameRulesInput | undefined {
  const knockoutFromWeek = choice.knockoutFromWeek === 0 ? null : choice.knockoutFromWeek;
  // La Quiniela plays without comodín nor multiplier (decision 082).
  if (choice.mode === 'laQuiniela') return { mode: 'laQuiniela', joker: false, knockoutFromWeek: null };
  if (choice.mode === 'outcome') {
    return !choice.joker && knockoutFromWeek === null ? undefined : { mode: 'outcome', joker: choice.joker, knockoutFromWeek };
  }
  const points = choice.preset === 'custom' ? { points: customPoints(choice.custom) } : {};
  return { mode: 'exactScore', preset: choice.preset, ...points, joker: choice.joker, knockoutFromWeek };
}

// An emptied field counts 0; anything else is the server's to judge.
const customPoints = (custom: GameChoice['custom']): ScoringPoints => ({
  exact: Number(custom.exact),
  difference: Number(custom.difference),
  outcome: Number(custom.outcome),
  teamGoals: Number(custom.teamGoals),
});

/** Knock-out rounds: those the data names other than "Jornada N" (a cup's "Octavos de final"). */
const knockoutRounds = (rounds: readonly CompetitionRound[]) => rounds.filter((round) => !/^Jornada\b/.test(round.label));

/** "Reglas del juego" in the create form: mode, points with an example, comodín, knock-out multiplier for cups. */
export function GameRulesFields({
  value,
  onChange,
  rounds,
}: {
  value: GameChoice;
  onChange: Dispatch<SetStateAction<GameChoice>>;
  rounds: readonly CompetitionRound[];
}) {
  const { set, field } = formFields(value, onChange);
  const cupRounds = knockoutRounds(rounds);
  // A game with fixed points says them; "Resultado exacto" chooses them below.
  const hint = value.mode === 'laQuiniela' ? laQuinielaRuleLines : value.mode === 'outcome' ? pointsLines('outcome', OUTCOME_POINTS) : null;
  return (
    <fieldset className="pool-form__rules" data-testid="game-rules">
      <legend>{gameRulesMessages.formTitle}</legend>
      <SelectField
        label={gameRulesMessages.modeLabel}
        {...field('mode')}
        options={(['outcome', 'exactScore', 'laQuiniela'] as const).map((mode) => ({ value: mode, label: gameModeLabels[mode] }))}
        data-testid="game-mode"
      />
      {hint ? (
        <p className="pool-form__hint">{hint.join(' ')}</p>
      ) : (
        <>
          <SelectField
            label={gameRulesMessages.presetLabel}
            {...field('preset')}
            options={(['clasica', 'polla', 'custom'] as const).map((preset) => ({ value: preset, label: pointsPresetLabels[preset] }))}
            data-testid="game-preset"
          />
          {value.preset === 'custom' ? (
            <div className="pool-form__points">
              {(Object.keys(gameRulesMessages.customPointLabels) as (keyof ScoringPoints)[]).map((key) => (
                <InputField
                  key={key}
                  label={gameRulesMessages.customPointLabels[key]}
                  labelPlacement="floating"
                  type="number"
                  inputmode="numeric"
                  min={0}
                  max={POINTS_MAX}
                  value={value.custom[key]}
                  onValueChange={(points) => onChange((choice) => ({ ...choice, custom: { ...choice.custom, [key]: points } }))}
                  data-testid={`game-points-${key}`}
                />
              ))}
            </div>
          ) : (
            <div className="pool-form__hint" data-testid="game-preset-example">
              <p>{pointsLines('exactScore', PRESET_POINTS[value.preset]).join(' · ')}</p>
              <p>{presetExamples[value.preset]}</p>
            </div>
          )}
        </>
      )}
      {value.mode !== 'laQuiniela' && (
        <>
          <IonToggle checked={value.joker} onIonChange={(event) => set('joker', event.detail.checked)} data-testid="game-joker">
            {gameRulesMessages.jokerLabel}
          </IonToggle>
          <p className="pool-form__hint">{gameRulesMessages.jokerHelp}</p>
        </>
      )}
      {cupRounds.length > 0 && value.mode !== 'laQuiniela' && (
        <SelectField
          label={gameRulesMessages.knockoutLabel}
          {...field('knockoutFromWeek')}
          options={[
            { value: 0, label: gameRulesMessages.knockoutNone },
            ...cupRounds.map((round) => ({ value: round.weekNumber, label: `×2 ${fromRoundPhrase(round.label)}` })),
          ]}
          data-testid="game-knockout"
        />
      )}
    </fieldset>
  );
}
