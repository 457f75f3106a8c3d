import type { ComponentProps } from 'react';
import { IonSelect, IonSelectOption } from './select.ts';

export interface SelectOption<Value extends string | number> {
  value: Value;
  label: string;
}

type SelectFieldProps<Value extends string | number> = Omit<
  ComponentProps<typeof IonSelect>,
  'label' | 'value' | 'onIonChange' | 'fill' | 'interface' | 'labelPlacement' | 'children'
> & {
  label: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  onValueChange: (value: Value) => void;
};

/** A labelled Ionic select in the same look as InputField (input-field.tsx), its options in a popover. */
export function SelectField<Value extends string | number>({
  value,
  options,
  onValueChange,
  ...select
}: SelectFieldProps<Value>) {
  return (
    <IonSelect
      {...select}
      labelPlacement="stacked"
      interface="popover"
      fill="outline"
      value={value}
      onIonChange={(event) => onValueChange(event.detail.value as Value)}
    >
      {options.map((option) => (
        <IonSelectOption key={option.value} value={option.value}>
          {option.label}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}
