import { IonButton, IonIcon } from '@ionic/react';
import { fingerPrintOutline } from 'ionicons/icons';
import { useBiometricCapability, useDeviceBiometrics } from './passkey.ts';
import { usePasskeySignIn } from './passkey-flow.ts';

/**
 * The sign-in screen's "use fingerprint" button (spec §2): only on a device
 * with a platform authenticator where biometric sign-in has been turned on.
 */
export function PasskeySignInButton() {
  const capable = useBiometricCapability();
  const device = useDeviceBiometrics();
  const passkeySignIn = usePasskeySignIn();
  if (!capable || !device.enabled) return null;

  return (
    <IonButton
      expand="block"
      fill="outline"
      className="auth-page__passkey"
      disabled={passkeySignIn.isPending}
      onClick={() => passkeySignIn.mutate()}
      data-testid="passkey-sign-in"
    >
      <IonIcon slot="start" icon={fingerPrintOutline} aria-hidden="true" />
      Usar huella o Face ID
    </IonButton>
  );
}
