import { IonButton, IonInput, useIonRouter } from '@ionic/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from '#contract/messages';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast.ts';
import { useSignUp } from './api.ts';

export function SignUpForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useSignUp();
  const showToast = useToast();
  const router = useIonRouter();

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
          router.push('/login', 'root', 'replace');
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
    <form className="auth-form" onSubmit={submit} noValidate>
      <IonInput
        label="Nombre"
        labelPlacement="floating"
        fill="outline"
        autocomplete="name"
        autocapitalize="words"
        value={name}
        onIonInput={(event) => setName(event.detail.value ?? '')}
        data-testid="sign-up-name"
      />
      <IonInput
        label="Correo electrónico"
        labelPlacement="floating"
        fill="outline"
        type="email"
        inputmode="email"
        autocomplete="email"
        value={email}
        onIonInput={(event) => setEmail(event.detail.value ?? '')}
        data-testid="sign-up-email"
      />
      <IonInput
        label="Contraseña"
        labelPlacement="floating"
        fill="outline"
        type="password"
        autocomplete="new-password"
        value={password}
        onIonInput={(event) => setPassword(event.detail.value ?? '')}
        data-testid="sign-up-password"
      />
      <IonButton type="submit" expand="block" disabled={signUp.isPending} data-testid="sign-up-submit">
        Registrarse
      </IonButton>
    </form>
  );
}
