import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '#contract/messages';
import { TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useToast } from '../../lib/toast.ts';
import { useSignUp } from './api.ts';

export function SignUpForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useSignUp();
  const showToast = useToast();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || email.trim() === '' || password === '') {
      showToast({ message: messages.fillAllFields, color: 'warning' });
      return;
    }
    signUp.mutate(
      { name: name.trim(), email: email.trim(), password },
      {
        onSuccess: (response) => {
          showToast({ message: response.message, color: 'success' });
          void navigate(paths.login, { replace: true });
        },
        onError: (error) =>
          showToast({
            header: messages.signUpErrorTitle,
            message: errorMessage(error, messages.signUpFailed),
            color: 'danger',
          }),
      },
    );
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <TextField
        label="Nombre"
        autoComplete="name"
        autoCapitalize="words"
        value={name}
        onValueChange={setName}
        data-testid="sign-up-name"
      />
      <TextField
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        data-testid="sign-up-email"
      />
      <TextField
        label="Contraseña"
        type="password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        data-testid="sign-up-password"
      />
      <button type="submit" className="plain-button" disabled={signUp.isPending} data-testid="sign-up-submit">
        Registrarse
      </button>
    </form>
  );
}
