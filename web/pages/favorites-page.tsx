import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { heartOutline } from 'ionicons/icons';
import { EmptyState } from '../components/empty-state.tsx';
import { SignOutButton } from '../features/auth/sign-out-button.tsx';

/** Saving favourites arrives with the favourites feature; until then nothing can be saved. */
export function FavoritesPage() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Partidos Guardados</IonTitle>
          <IonButtons slot="end">
            <SignOutButton />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <EmptyState icon={heartOutline} text="Aún no tienes partidos favoritos. ¡Explora y añade algunos!" />
      </IonContent>
    </IonPage>
  );
}
