import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled text input of the forms outside the tabs (web/components/plain-screen.css). */
export function TextField({ label, value, onValueChange, ...input }: TextFieldProps) {
  return (
    <label className="text-field">
      {label}
      <input {...input} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </label>
  );
}
