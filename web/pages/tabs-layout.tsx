import { IonIcon, IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { footballOutline, heartOutline, trophyOutline } from 'ionicons/icons';
import { Navigate, Route } from 'react-router-dom';
import { FavoritesPage } from './favorites-page.tsx';
import { HomePage } from './home-page.tsx';
import { PoolDetailPage } from './pool-detail-page.tsx';
import { PoolsPage } from './pools-page.tsx';

/** The tab shell mounted at /tabs/*: its routes are relative to /tabs. */
export function TabsLayout() {
  return (
    <IonTabs>
      <IonRouterOutlet>
        <Route index element={<Navigate to="/tabs/home" replace />} />
        <Route path="home" element={<HomePage />} />
        <Route path="quinelas" element={<PoolsPage />} />
        <Route path="pool/:id" element={<PoolDetailPage />} />
        <Route path="favorites" element={<FavoritesPage />} />
      </IonRouterOutlet>
      <IonTabBar slot="bottom">
        <IonTabButton tab="home" href="/tabs/home" data-testid="tab-home">
          <IonIcon icon={footballOutline} aria-hidden="true" />
          <IonLabel>Inicio</IonLabel>
        </IonTabButton>
        <IonTabButton tab="quinelas" href="/tabs/quinelas" data-testid="tab-quinelas">
          <IonIcon icon={trophyOutline} aria-hidden="true" />
          <IonLabel>Quinelas</IonLabel>
        </IonTabButton>
        <IonTabButton tab="favorites" href="/tabs/favorites" data-testid="tab-favorites">
          <IonIcon icon={heartOutline} aria-hidden="true" />
          <IonLabel>Favoritos</IonLabel>
        </IonTabButton>
      </IonTabBar>
    </IonTabs>
  );
}
