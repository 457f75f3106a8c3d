import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import './screen-state.css';

/** What stays on screen after the error toast has gone. */
export function ErrorState({ text }: { text: string }) {
  return (
    <div className="screen-state">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
