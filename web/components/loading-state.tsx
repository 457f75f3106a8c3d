import { IonSpinner } from '@ionic/react';
import './screen-state.css';

export function LoadingState({ text }: { text: string }) {
  return (
    <div className="screen-state" role="status">
      <IonSpinner name="crescent" color="primary" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
