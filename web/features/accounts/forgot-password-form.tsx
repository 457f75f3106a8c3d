import { useState } from 'react';
import { messages } from '#contract/messages';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { AccountForm, emailField } from './account-form.tsx';
import { requestPasswordReset } from './account-links-api.ts';
import { useMutation } from '@tanstack/react-query';

const FIELDS = [emailField('forgot-email')];

/** "¿Olvidaste tu contraseña?": the address, then the server's answer, which is the same whether it has an account or not. */
export function ForgotPasswordForm() {
  const request = useMutation({ mutationFn: requestPasswordReset });
  const [answer, setAnswer] = useState<string | null>(null);
  if (answer) {
    return (
      <p className="account-page__notice account-page__notice--done" role="status" data-testid="forgot-password-sent">
        {answer}
      </p>
    );
  }
  return (
    <AccountForm
      fields={FIELDS}
      submitText="Enviar enlace"
      submitTestId="forgot-password-submit"
      busy={request.isPending}
      onSubmit={({ email }) =>
        request.mutate(email, { onSuccess: setAnswer, onError: failureToast(messages.unknownError, messages.forgotPassword) })
      }
    />
  );
}
