import { useNavigate } from 'react-router-dom';
import { messages } from '#contract/messages';
import { accountMessages } from '#contract/accounts';
import { paths } from '../../lib/paths.ts';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { showToast } from '../../lib/toast.ts';
import { AccountForm, type AccountField } from './account-form.tsx';
import { useResetPassword } from './account-links-api.ts';

const FIELDS: AccountField<'password'>[] = [
  { name: 'password', label: 'Nueva contraseña', type: 'password', autoComplete: 'new-password', testId: 'new-password' },
];

/** The new password of a reset link (`token`, from the link's fragment): the server signs this device in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  return (
    <AccountForm
      fields={FIELDS}
      submitText="Guardar contraseña"
      submitTestId="reset-password-submit"
      busy={reset.isPending}
      onSubmit={({ password }) =>
        reset.mutate(
          { token, password },
          {
            onSuccess: () => {
              showToast({ message: accountMessages.passwordReset, color: 'success' });
              void navigate(paths.home, { replace: true });
            },
            onError: failureToast(messages.unknownError),
          },
        )
      }
    />
  );
}
