import { IonIcon, IonLabel, IonPage, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { footballOutline, heartOutline, settingsOutline, trophyOutline } from 'ionicons/icons';
import { Suspense, lazy } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { useStoredAuth } from '../features/auth/session.ts';
import type { ReactNode } from 'react';
import { HomePage } from './home-page.tsx';

/*
 * Inicio comes with the tab shell; every other tab is its own chunk, fetched
 * when it is first opened (or ahead of time by the service worker), so a cold
 * start on Inicio downloads only what Inicio shows. The admin area is only
 * ever fetched by admins.
 */
const PoolsPage = lazy(() => import('./pools-page.tsx').then((module) => ({ default: module.PoolsPage })));
const PoolDetailPage = lazy(() =>
  import('./pool-detail-page.tsx').then((module) => ({ default: module.PoolDetailPage })),
);
const FavoritesPage = lazy(() => import('./favorites-page.tsx').then((module) => ({ default: module.FavoritesPage })));
const AdminPage = lazy(() => import('./admin-page.tsx').then((module) => ({ default: module.AdminPage })));

/** A lazy page; an empty page holds its place while its chunk arrives. */
const whenLoaded = (page: ReactNode) => <Suspense fallback={<IonPage />}>{page}</Suspense>;

/** The tab shell mounted at /tabs/*: its routes are relative to /tabs. */
export function TabsLayout() {
  const auth = useStoredAuth();
  const isAdmin = auth.status === 'signed-in' && auth.userProfile.role === 'admin';
  return (
    <IonTabs>
      <IonRouterOutlet>
        <Route index element={<Navigate to="/tabs/home" replace />} />
        <Route path="home" element={<HomePage />} />
        <Route path="quinelas" element={whenLoaded(<PoolsPage />)} />
        <Route path="pool/:id" element={whenLoaded(<PoolDetailPage />)} />
        <Route path="favorites" element={whenLoaded(<FavoritesPage />)} />
        {/* Open to every signed-in user: non-admins see "No autorizado" there. */}
        <Route path="admin" element={whenLoaded(<AdminPage />)} />
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
