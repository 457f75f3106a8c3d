import type { ComponentProps } from 'react';
import { IonInput } from './input.ts';

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
