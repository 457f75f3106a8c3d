import { useState } from 'react';
import type { FormEvent, InputHTMLAttributes } from 'react';
import { messages } from '#contract/messages';
import { TextField } from '../../components/text-field.tsx';
import { showToast } from '../../lib/toast.ts';

type InputAttributes = InputHTMLAttributes<HTMLInputElement>;

/** A field of an account form: its name in the request, and how TextField shows it. */
export interface AccountField<Name extends string> {
  name: Name;
  label: string;
  type?: InputAttributes['type'];
  inputMode?: InputAttributes['inputMode'];
  autoComplete: InputAttributes['autoComplete'];
  autoCapitalize?: InputAttributes['autoCapitalize'];
  testId: string;
}

export const emailField = (testId: string): AccountField<'email'> => ({
  name: 'email',
  label: 'Correo electrónico',
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  testId,
});

export const passwordField = (
  autoComplete: 'current-password' | 'new-password',
  testId: string,
): AccountField<'password'> => ({
  name: 'password',
  label: 'Contraseña',
  type: 'password',
  autoComplete,
  testId,
});

interface AccountFormProps<Name extends string> {
  fields: readonly AccountField<Name>[];
  submitText: string;
  submitTestId: string;
  /** The request is under way: the button waits. */
  busy: boolean;
  /** Called once every field is filled in, with the passwords as typed and the other fields trimmed. */
  onSubmit: (values: Record<Name, string>) => void;
}

/** The sign-in and register forms: their fields, all required, then the button that sends them. */
export function AccountForm<Name extends string>({
  fields,
  submitText,
  submitTestId,
  busy,
  onSubmit,
}: AccountFormProps<Name>) {
  const [typed, setTyped] = useState<Partial<Record<Name, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = {} as Record<Name, string>;
    for (const { name, type } of fields) {
      const value = typed[name] ?? '';
      values[name] = type === 'password' ? value : value.trim();
    }
    if (fields.some(({ name }) => values[name] === '')) {
      showToast({ message: messages.fillAllFields, color: 'warning' });
      return;
    }
    onSubmit(values);
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {fields.map(({ name, testId, ...field }) => (
        <TextField
          key={name}
          {...field}
          value={typed[name] ?? ''}
          onValueChange={(value) => setTyped((current) => ({ ...current, [name]: value }))}
          data-testid={testId}
        />
      ))}
      <button type="submit" className="plain-button" disabled={busy} data-testid={submitTestId}>
        {submitText}
      </button>
    </form>
  );
}
