import '../../ionic/setup.ts';
import { IonButton, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fingerPrintOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { messages } from '#contract/messages';
import { passkeyMessages, type Passkey } from '#contract/passkeys';
import { LoadingState } from '../../components/loading-state.tsx';
import { settingsModal } from '../../ionic/modal-screen.tsx';
import { presentAlert } from '../../lib/alert.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { useToast } from '../../lib/toast.ts';
import {
  disableDeviceBiometrics,
  forgetCredentialOnDevice,
  removePasskey,
  restoreBiometricsOffer,
  useBiometricsOfferDeclined,
  useDeviceBiometrics,
} from './passkey.ts';
import { useStoredAccount } from '../../lib/session.ts';
import { invalidatePasskeys, passkeyQueries } from './api.ts';
import { useRegisterBiometrics } from './passkey-flow.ts';
import './passkey-settings.css';
import { spanishDateFormat } from '../../lib/format-date.ts';

const longDate = spanishDateFormat({ dateStyle: 'long' });

/**
 * "Biometría": the signed-in user's passkeys, this device's marked, each
 * removable, and registering this device. Ionic's modal and list: loaded
 * when the header's button (account-buttons.tsx) first opens it.
 */
export const PasskeySettingsModal = settingsModal('Biometría', PasskeyList);

function PasskeyList() {
  const device = useDeviceBiometrics();
  const passkeys = useQuery(passkeyQueries.mine());
  const registerBiometrics = useRegisterBiometrics();
  const [registering, setRegistering] = useState(false);
  const account = useStoredAccount();
  const userId = account.status === 'signed-in' ? account.userProfile.id : null;
  const offerDeclined = useBiometricsOfferDeclined(userId);
  const showToast = useToast();

  if (passkeys.isPending) return <LoadingState text="Cargando..." />;
  if (passkeys.isError) {
    return <p className="passkey-settings__text">{errorMessage(passkeys.error, messages.unknownError)}</p>;
  }

  const registeredHere = device.enabled && passkeys.data.some((passkey) => passkey.id === device.credentialId);
  return (
    <div className="passkey-settings">
      <p className="passkey-settings__text">
        {passkeys.data.length === 0
          ? 'No tienes ninguna huella o Face ID registrada.'
          : 'Con tu huella o Face ID puedes iniciar sesión sin escribir la contraseña.'}
      </p>
      {passkeys.data.length > 0 && (
        <IonList inset>
          {passkeys.data.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} thisDevice={passkey.id === device.credentialId} />
          ))}
        </IonList>
      )}
      {!registeredHere && (
        <IonButton
          expand="block"
          disabled={registering}
          onClick={() => {
            setRegistering(true);
            void registerBiometrics().finally(() => setRegistering(false));
          }}
          data-testid="passkey-register"
        >
          <IonIcon slot="start" icon={fingerPrintOutline} aria-hidden="true" />
          Registrar Biometría
        </IonButton>
      )}
      {!registeredHere && offerDeclined && userId !== null && (
        <>
          <p className="passkey-settings__text">{passkeyMessages.offerDeclined}</p>
          <IonButton
            expand="block"
            fill="outline"
            onClick={() => {
              restoreBiometricsOffer(userId);
              showToast({ message: passkeyMessages.offerRestored, color: 'success' });
            }}
            data-testid="passkey-offer-again"
          >
            {passkeyMessages.offerAgain}
          </IonButton>
        </>
      )}
    </div>
  );
}

function PasskeyItem({ passkey, thisDevice }: { passkey: Passkey; thisDevice: boolean }) {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const remove = useMutation({
    mutationFn: () => removePasskey(passkey.id),
    onSuccess: (message) => {
      if (thisDevice) disableDeviceBiometrics();
      forgetCredentialOnDevice(passkey.id);
      showToast({ message, color: 'success' });
    },
    onError: failureToast(messages.unknownError),
    onSettled: () => invalidatePasskeys(queryClient),
  });
  const name = thisDevice ? 'Este dispositivo' : 'Otro dispositivo';

  const confirmRemoval = () =>
    void presentAlert({
      header: '¿Eliminar la biometría?',
      message: thisDevice
        ? 'Ya no podrás iniciar sesión con tu huella o Face ID en este dispositivo.'
        : 'Ya no podrás iniciar sesión con esta huella o Face ID.',
      buttons: [
        { text: 'Cancelar', role: 'cancel' },
        { text: 'Eliminar', role: 'destructive', handler: () => remove.mutate() },
      ],
    });

  return (
    <IonItem data-testid="passkey-item">
      <IonLabel>
        <h2>{name}</h2>
        <p>Registrada el {longDate().format(new Date(passkey.createdAt))}</p>
        <p>
          {passkey.lastUsedAt ? `Último uso: ${longDate().format(new Date(passkey.lastUsedAt))}` : 'Sin usar todavía'}
        </p>
      </IonLabel>
      <IonButton
        slot="end"
        fill="clear"
        color="danger"
        aria-label={`Eliminar biometría: ${name}`}
        disabled={remove.isPending}
        onClick={confirmRemoval}
        data-testid="passkey-remove"
      >
        <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
      </IonButton>
    </IonItem>
  );
}
