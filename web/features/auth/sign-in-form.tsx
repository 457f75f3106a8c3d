import { IonButton, IonInput, useIonRouter } from '@ionic/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from '#contract/index';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast.ts';
import { useSignIn } from './api.ts';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const showToast = useToast();
  const router = useIonRouter();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      showToast({ message: messages.fillAllFields, color: 'warning' });
      return;
    }
    signIn.mutate(
      { email: email.trim(), password },
      {
        // Without a platform authenticator the spec's flow goes straight home.
        onSuccess: () => router.push('/tabs/home', 'root', 'replace'),
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
    <form className="auth-form" onSubmit={submit} noValidate>
      <IonInput
        label="Correo electrónico"
        labelPlacement="floating"
        fill="outline"
        type="email"
        inputmode="email"
        autocomplete="email"
        value={email}
        onIonInput={(event) => setEmail(event.detail.value ?? '')}
        data-testid="sign-in-email"
      />
      <IonInput
        label="Contraseña"
        labelPlacement="floating"
        fill="outline"
        type="password"
        autocomplete="current-password"
        value={password}
        onIonInput={(event) => setPassword(event.detail.value ?? '')}
        data-testid="sign-in-password"
      />
      <IonButton type="submit" expand="block" disabled={signIn.isPending} data-testid="sign-in-submit">
        Iniciar Sesión
      </IonButton>
    </form>
  );
}
