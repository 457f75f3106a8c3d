import { IonLabel } from '@ionic/react';
import type { ComponentProps } from 'react';
import { IonSegment, IonSegmentButton } from './segment.ts';

export interface SegmentChoice<Value extends string> {
  value: Value;
  label: string;
  testId?: string;
}

type SegmentedControlProps<Value extends string> = Omit<
  ComponentProps<typeof IonSegment>,
  'value' | 'onIonChange' | 'children'
> & {
  value: Value;
  choices: readonly SegmentChoice<Value>[];
  onValueChange: (value: Value) => void;
};

/** Ionic's segment: a button with its label for each choice; reports the value of the one chosen. */
export function SegmentedControl<Value extends string>(props: SegmentedControlProps<Value>) {
  const { value, choices, onValueChange, ...segment } = props;
  return (
    <IonSegment
      {...segment}
      value={value}
      onIonChange={(event) => {
        const chosen = choices.find((choice) => choice.value === event.detail.value);
        if (chosen) onValueChange(chosen.value);
      }}
    >
      {choices.map((choice) => (
        <IonSegmentButton key={choice.value} value={choice.value} data-testid={choice.testId}>
          <IonLabel>{choice.label}</IonLabel>
        </IonSegmentButton>
      ))}
    </IonSegment>
  );
}
