import type { Dispatch, SetStateAction } from 'react';
import {
  CLOSE_MINUTES_BEFORE_MAX,
  DEFAULT_POOL_OPTIONS,
  type LateJoiners,
  type PoolOptions,
} from '#contract/pool-options';
import { tieBreakChoices, tieBreakFits } from '#contract/tie-break';
import type { GameMode } from '#contract/game-rules';
import { InputField } from '../../ionic/input-field.tsx';
import { SelectField } from '../../ionic/select-field.tsx';
import { IonToggle } from '../../ionic/toggle.ts';
import { formFields } from '../../lib/form-fields.ts';

/** The options as the form holds them: the minutes as typed (the server judges them). */
export type PoolOptionsDraft = Omit<PoolOptions, 'closeMinutesBefore'> & { closeMinutesBefore: string };

export const draftOf = (options: PoolOptions = DEFAULT_POOL_OPTIONS): PoolOptionsDraft => ({
  ...options,
  closeMinutesBefore: String(options.closeMinutesBefore),
});

/** An emptied minutes field means at kick-off; anything else is the server's to judge. */
export const optionsOf = (draft: PoolOptionsDraft): PoolOptions => ({
  ...draft,
  closeMinutesBefore: draft.closeMinutesBefore.trim() === '' ? 0 : Number(draft.closeMinutesBefore),
});

const lateJoinerChoices: { value: LateJoiners; label: string }[] = [
  { value: 'zero', label: 'Con 0 puntos' },
  { value: 'lowest', label: 'Con la puntuación más baja' },
];

/**
 * "Opciones del organizador": the create-pool form's and the organiser's rules editor, all off by default (the
 * specification's game). The tie-break by exact scores is offered only where the game's picks are scores.
 */
export function PoolOptionsFields({
  value,
  onChange,
  gameMode,
}: {
  value: PoolOptionsDraft;
  onChange: Dispatch<SetStateAction<PoolOptionsDraft>>;
  gameMode: GameMode;
}) {
  const { set, field } = formFields(value, onChange);
  return (
    <fieldset className="pool-options" data-testid="pool-options">
      <legend className="pool-options__title">Opciones del organizador</legend>
      <IonToggle
        checked={value.editUntilKickoff}
        onIonChange={(event) => set('editUntilKickoff', event.detail.checked)}
        data-testid="option-edit-until-kickoff"
      >
        Permitir cambiar el pronóstico hasta el inicio del partido
      </IonToggle>
      <InputField
        label="Cierre antes del partido (minutos)"
        labelPlacement="floating"
        type="number"
        inputmode="numeric"
        min={0}
        max={CLOSE_MINUTES_BEFORE_MAX}
        {...field('closeMinutesBefore')}
        data-testid="option-close-minutes"
      />
      <IonToggle
        checked={value.creatorPlays}
        onIonChange={(event) => set('creatorPlays', event.detail.checked)}
        data-testid="option-creator-plays"
      >
        El creador también juega
      </IonToggle>
      <SelectField
        label="Quien se une empezada la quiniela empieza"
        {...field('lateJoiners')}
        options={lateJoinerChoices}
        data-testid="option-late-joiners"
      />
      <SelectField
        label="Desempate a igualdad de puntos"
        {...field('tieBreak')}
        options={tieBreakChoices.filter((choice) => tieBreakFits(choice.value, gameMode) || choice.value === value.tieBreak)}
        data-testid="option-tie-break"
      />
    </fieldset>
  );
}
