import { IonLabel } from '@ionic/react';
import type { ComponentProps } from 'react';
import { IonSegment, IonSegmentButton } from './segment.ts';
import './segmented-control.css';

export interface SegmentChoice<Value extends string> {
  value: Value;
  label: string;
  testId?: string;
}

type SegmentedControlProps<Value extends string> = Omit<
  ComponentProps<typeof IonSegment>,
  'value' | 'onIonChange' | 'children' | 'scrollable' | 'swipeGesture'
> & {
  value: Value;
  choices: readonly SegmentChoice<Value>[];
  onValueChange: (value: Value) => void;
};

/**
 * Ionic's segment: a button with its label for each choice; reports the value of the one chosen. Every label is
 * read whole: the buttons share the row by the length of their labels and wrap onto another row when they do not
 * fit (a narrow phone, five sections, large text), never cut short nor scrolled sideways (segmented-control.css).
 * Without the swipe along the indicator, which cannot tell the rows apart.
 */
export function SegmentedControl<Value extends string>(props: SegmentedControlProps<Value>) {
  const { value, choices, onValueChange, className, ...segment } = props;
  return (
    <IonSegment
      {...segment}
      className={`segmented-control${className ? ` ${className}` : ''}`}
      swipeGesture={false}
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
