import { messages } from '#contract/messages';
import { useSignIn } from '../features/accounts/api.ts';
import { failureToast } from '../lib/outcome-toasts.ts';
import { AccountForm, emailField, passwordField } from '../features/accounts/account-form.tsx';
import { useBiometricFollowUp } from '../features/passkeys/passkey-flow.ts';

const FIELDS = [emailField('sign-in-email'), passwordField('current-password', 'sign-in-password')];

export function SignInForm() {
  const signIn = useSignIn();
  const biometricFollowUp = useBiometricFollowUp();
  return (
    <AccountForm
      fields={FIELDS}
      submitText="Iniciar Sesión"
      submitTestId="sign-in-submit"
      busy={signIn.isPending || biometricFollowUp.isPending}
      onSubmit={(credentials) =>
        signIn.mutate(credentials, {
          // Home, through the biometric verification or offer on a capable device (the spec's sign-in flow).
          onSuccess: (response) => void biometricFollowUp.start(response),
          onError: failureToast(messages.signInFailed, messages.signInErrorTitle),
        })
      }
    />
  );
}
