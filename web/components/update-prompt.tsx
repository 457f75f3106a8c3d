import { IonToast } from '@ionic/react';
import { useState } from 'react';
import { applyUpdate, useUpdateAvailable } from '../lib/service-worker.ts';

/**
 * When a new version has been deployed and its service worker has cached it,
 * offers to switch to it. "Actualizar" lets that worker take over and reloads.
 */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  const [postponed, setPostponed] = useState(false);
  const isOpen = available && !postponed;
  // Above the tab bar where there is one, so the tabs stay usable.
  const tabBar = isOpen ? (document.querySelector<HTMLElement>('ion-tab-bar') ?? undefined) : undefined;

  return (
    <IonToast
      isOpen={isOpen}
      message="Hay una nueva versión disponible"
      color="medium"
      position="bottom"
      positionAnchor={tabBar}
      buttons={[
        { text: 'Más tarde', role: 'cancel' },
        { text: 'Actualizar', handler: () => applyUpdate() },
      ]}
      onDidDismiss={(event) => {
        if (event.detail.role === 'cancel') setPostponed(true);
      }}
      data-testid="update-prompt"
    />
  );
}
