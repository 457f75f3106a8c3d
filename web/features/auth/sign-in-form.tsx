import { IonButton, IonInput } from '@ionic/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { messages } from '#contract/messages';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast.ts';
import { useSignIn } from './api.ts';
import { useBiometricFollowUp } from './passkey-flow.ts';

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
        // Home, through the biometric verification or offer on a capable device (spec §4).
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
      <IonButton
        type="submit"
        expand="block"
        disabled={signIn.isPending || biometricFollowUp.isPending}
        data-testid="sign-in-submit"
      >
        Iniciar Sesión
      </IonButton>
    </form>
  );
}
