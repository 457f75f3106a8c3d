import { IonIcon, IonLabel, IonPage, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { footballOutline, heartOutline, settingsOutline, trophyOutline } from 'ionicons/icons';
import { Suspense, lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { useStoredAuth } from '../features/auth/session.ts';
import { FavoritesPage } from './favorites-page.tsx';
import { HomePage } from './home-page.tsx';
import { PoolDetailPage } from './pool-detail-page.tsx';
import { PoolsPage } from './pools-page.tsx';

/** The admin area is its own chunk: nobody else downloads it. */
const AdminPage = lazy(() => import('./admin-page.tsx').then((module) => ({ default: module.AdminPage })));

/** The tab shell mounted at /tabs/*: its routes are relative to /tabs. */
export function TabsLayout() {
  const auth = useStoredAuth();
  const isAdmin = auth.status === 'signed-in' && auth.userProfile.role === 'admin';
  return (
    <IonTabs>
      <IonRouterOutlet>
        <Route index element={<Navigate to="/tabs/home" replace />} />
        <Route path="home" element={<HomePage />} />
        <Route path="quinelas" element={<PoolsPage />} />
        <Route path="pool/:id" element={<PoolDetailPage />} />
        <Route path="favorites" element={<FavoritesPage />} />
        {/* Open to every signed-in user: non-admins see "No autorizado" there. */}
        <Route
          path="admin"
          element={
            <Suspense fallback={<IonPage />}>
              <AdminPage />
            </Suspense>
          }
        />
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
        {isAdmin && (
          <IonTabButton tab="admin" href="/tabs/admin" data-testid="tab-admin">
            <IonIcon icon={settingsOutline} aria-hidden="true" />
            <IonLabel>Administración</IonLabel>
          </IonTabButton>
        )}
      </IonTabBar>
    </IonTabs>
  );
}
