import { IonApp, IonPage, IonRouterOutlet, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { Navigate, Route } from 'react-router-dom';
import { ConnectionBanner } from '../components/connection-banner.tsx';
import { useResumeInvitation } from '../features/pools/invitation.ts';
import { TabsLayout } from '../pages/tabs-layout.tsx';
import { useRouteEffects } from './route-effects.ts';

setupIonicReact();

function IonicRoutes({ onNavigate }: { onNavigate: (pathname: string) => void }) {
  const auth = useRouteEffects(onNavigate);
  const signedIn = auth.status === 'signed-in';
  useResumeInvitation(signedIn);
  return (
    <IonRouterOutlet>
      {/* A session that ends on a tab (sign-out, a 401) leaves for /login, where the plain shell takes over. */}
      <Route path="/tabs/*" element={signedIn ? <TabsLayout /> : <Navigate to="/login" replace />} />
      {/* Any other path belongs to the plain shell, which replaces this one. */}
      <Route path="*" element={<IonPage />} />
    </IonRouterOutlet>
  );
}

/** The tab screens, on Ionic: loaded when a signed-in user enters /tabs. */
export function IonicShell({ onNavigate }: { onNavigate: (pathname: string) => void }) {
  return (
    <IonApp>
      <ConnectionBanner />
      <IonReactRouter>
        <IonicRoutes onNavigate={onNavigate} />
      </IonReactRouter>
    </IonApp>
  );
}
