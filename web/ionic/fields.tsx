import type { ComponentProps } from 'react';
import { IonInput } from './input.ts';
import { IonSelect, IonSelectOption } from './select.ts';

type InputFieldProps = Omit<ComponentProps<typeof IonInput>, 'label' | 'value' | 'onIonInput' | 'fill'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A labelled Ionic input in the app's outlined look, that reports its text as typed: the Ionic screens'
 * counterpart of web/components/text-field.tsx. The label sits above the text unless `labelPlacement` says otherwise.
 */
export function InputField({ value, onValueChange, labelPlacement = 'stacked', ...input }: InputFieldProps) {
  return (
    <IonInput
      {...input}
      labelPlacement={labelPlacement}
      fill="outline"
      value={value}
      onIonInput={(event) => onValueChange(event.detail.value ?? '')}
    />
  );
}

/** A field that narrows a list down as it is typed in, with a button that empties it. */
export function SearchField(props: Omit<InputFieldProps, 'clearInput'>) {
  return <InputField {...props} clearInput />;
}

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

/** A labelled Ionic select in the same look as InputField, its options in a popover. */
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
