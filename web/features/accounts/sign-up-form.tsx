import { useNavigate } from 'react-router-dom';
import { messages } from '#contract/messages';
import { paths } from '../../lib/paths.ts';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { showToast } from '../../lib/toast.ts';
import { useSignUp } from './api.ts';
import { AccountForm, emailField, passwordField } from './account-form.tsx';
import type { AccountField } from './account-form.tsx';

const nameField: AccountField<'name'> = {
  name: 'name',
  label: 'Nombre',
  autoComplete: 'name',
  autoCapitalize: 'words',
  testId: 'sign-up-name',
};

const FIELDS = [nameField, emailField('sign-up-email'), passwordField('new-password', 'sign-up-password')];

export function SignUpForm() {
  const signUp = useSignUp();
  const navigate = useNavigate();
  return (
    <AccountForm
      fields={FIELDS}
      submitText="Registrarse"
      submitTestId="sign-up-submit"
      busy={signUp.isPending}
      onSubmit={(account) =>
        signUp.mutate(account, {
          onSuccess: (response) => {
            showToast({ message: response.message, color: 'success' });
            void navigate(paths.login, { replace: true });
          },
          onError: failureToast(messages.signUpFailed, messages.signUpErrorTitle),
        })
      }
    />
  );
}
