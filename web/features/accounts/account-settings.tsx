import '../../ionic/setup.ts';
import { IonButton } from '@ionic/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountMessages } from '#contract/accounts';
import { mailMessages } from '#contract/mail';
import { messages } from '#contract/messages';
import { LoadingState } from '../../components/loading-state.tsx';
import { InputField } from '../../ionic/input-field.tsx';
import { settingsModal } from '../../ionic/modal-screen.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { outcomeToasts } from '../../lib/outcome-toasts.ts';
import { accountQuery, resendConfirmation, useUpdateAccount } from './account-links-api.ts';
import { useMailAvailable } from './mail-availability.ts';
import { useStoredAccount } from '../../lib/session.ts';
import '../../components/badge.css';
import './account-settings.css';

/**
 * "Mi cuenta": the account's name and e-mail, whether the e-mail is confirmed ("Reenviar" its link), and a change of
 * e-mail, which takes effect once the link mailed to the new address is opened. On a server without mail it says
 * so: nothing can be confirmed there. Opened from the account buttons (account-buttons.tsx).
 */
export const AccountSettingsModal = settingsModal('Mi cuenta', AccountSettings);

function AccountSettings() {
  const stored = useStoredAccount();
  const id = stored.status === 'signed-in' ? stored.userProfile.id : 0;
  const account = useQuery({ ...accountQuery(id), enabled: id > 0 });
  const mailAvailable = useMailAvailable();
  const resend = useMutation({ mutationFn: () => resendConfirmation(id) });
  const update = useUpdateAccount(id);
  const [email, setEmail] = useState('');

  if (account.isPending) return <LoadingState text="Cargando..." />;
  if (account.isError) return <p>{errorMessage(account.error, messages.unknownError)}</p>;
  const { name, email: current, emailConfirmed } = account.data;
  return (
    <div className="account-settings">
      <p className="account-settings__name">{name}</p>
      <p className="account-settings__email" data-testid="account-email">
        {current}
      </p>
      {!mailAvailable ? (
        <p data-testid="account-mail-unavailable">{`${mailMessages.notConfigured} Para cambiar tu correo, pídeselo a un administrador.`}</p>
      ) : (
        <>
          {emailConfirmed ? (
            <p className="account-settings__state badge badge--good">Correo confirmado</p>
          ) : (
            <div className="account-settings__row">
              <p className="account-settings__state badge badge--caution" data-testid="email-unconfirmed">
                {accountMessages.emailUnconfirmed}
              </p>
              <IonButton
                fill="outline"
                size="small"
                disabled={resend.isPending}
                onClick={() => resend.mutate(undefined, outcomeToasts((message) => message, messages.unknownError))}
                data-testid="resend-confirmation"
              >
                Reenviar
              </IonButton>
            </div>
          )}
          <form
            className="account-settings__change"
            onSubmit={(event) => {
              event.preventDefault();
              if (email.trim() === '') return;
              update.mutate(
                { email: email.trim() },
                outcomeToasts((response) => response.message ?? accountMessages.emailConfirmed, messages.unknownError, () => setEmail('')),
              );
            }}
          >
            <InputField label="Nuevo correo electrónico" type="email" inputmode="email" autocomplete="email" value={email} onValueChange={setEmail} data-testid="new-email" />
            <p className="account-settings__hint">Tu correo cambiará cuando abras el enlace que te enviaremos a la nueva dirección.</p>
            <IonButton type="submit" expand="block" disabled={update.isPending || email.trim() === ''} data-testid="change-email">
              Cambiar correo
            </IonButton>
          </form>
        </>
      )}
    </div>
  );
}
