import { IonButton, IonIcon } from '@ionic/react';
import { logOutOutline } from 'ionicons/icons';
import { useSignOut } from './api.ts';

export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <IonButton
      aria-label="Cerrar sesión"
      title="Cerrar sesión"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
      data-testid="sign-out"
    >
      <IonIcon slot="icon-only" icon={logOutOutline} aria-hidden="true" />
    </IonButton>
  );
}
