import { IonIcon } from '@ionic/react';
import './screen-state.css';

export function EmptyState({ icon, text }: { icon: string; text: string }) {
  return (
    <div className="screen-state">
      <IonIcon icon={icon} aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
