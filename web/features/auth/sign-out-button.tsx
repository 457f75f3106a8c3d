import { IonButton, IonIcon } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { useSignOut } from './api.ts';
import { PasskeySettingsButton } from './passkey-settings.tsx';

/**
 * The account buttons at the end of every tab's header: this user's passkeys
 * ("Biometría", where biometrics apply) and signing out. Signing out keeps this
 * device's passkey, so the next sign-in can use it.
 */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <>
      <PasskeySettingsButton />
      <IonButton
        aria-label="Cerrar sesión"
        title="Cerrar sesión"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
        data-testid="sign-out"
      >
        <IonIcon slot="icon-only" icon={logOutOutline} aria-hidden="true" />
      </IonButton>
    </>
  );
}
