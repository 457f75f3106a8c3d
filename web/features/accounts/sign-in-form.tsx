import { useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from '#contract/messages';
import { TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast.ts';
import { useSignIn } from './api.ts';
import { useBiometricFollowUp } from '../passkeys/passkey-flow.ts';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const showToast = useToast();
  const biometricFollowUp = useBiometricFollowUp();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      showToast({ message: messages.fillAllFields, color: 'warning' });
      return;
    }
    signIn.mutate(
      { email: email.trim(), password },
      {
        // Home, through the biometric verification or offer on a capable device (the spec's sign-in flow).
        onSuccess: (response) => void biometricFollowUp.start(response),
        onError: (error) =>
          showToast({
            header: messages.signInErrorTitle,
            message: errorMessage(error, messages.signInFailed),
            color: 'danger',
          }),
      },
    );
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <TextField
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        data-testid="sign-in-email"
      />
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        data-testid="sign-in-password"
      />
      <button
        type="submit"
        className="plain-button"
        disabled={signIn.isPending || biometricFollowUp.isPending}
        data-testid="sign-in-submit"
      >
        Iniciar Sesión
      </button>
    </form>
  );
}
