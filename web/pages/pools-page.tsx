import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { SignOutButton } from '../features/auth/sign-out-button.tsx';

/** The pools list, segments and dialogs arrive with the pools feature. */
export function PoolsPage() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Mis Quinelas</IonTitle>
          <IonButtons slot="end">
            <SignOutButton />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent />
    </IonPage>
  );
}
